export default async function globalTeardown(): Promise<void> {
  await Promise.all((globalThis.__TEST_POSTGRES__ ?? []).map((server) => server.stop()));
}
