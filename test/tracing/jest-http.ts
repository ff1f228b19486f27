import http from 'node:http';
import type { shopInstrumentations } from '#libs/tracing/tracing.js';

/**
 * Jest loads modules through its own registry, which the instrumentations' `require` hook never sees
 * (the built shop loads them through Node's, where the hook patches them). So a test applies the HTTP
 * instrumentation's patch to Node's `http` itself, and takes it back after.
 */
export function patchHttpForJest(instrumentations: ReturnType<typeof shopInstrumentations>): () => void {
  const definitions = instrumentations.flatMap((i) => i.getModuleDefinitions()).filter((d) => d.name === 'http');
  if (definitions.length === 0) throw new Error('no HTTP instrumentation to apply');
  for (const definition of definitions) definition.patch?.(http);
  return () => {
    for (const definition of definitions) definition.unpatch?.(http);
  };
}
