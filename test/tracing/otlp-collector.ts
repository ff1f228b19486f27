import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
export interface CollectedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
}

export interface OtlpCollector {
  /** The address to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans(): CollectedSpan[];
  close(): Promise<void>;
}

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: { name: string; traceId: string; spanId: string; parentSpanId?: string }[] }[];
  }[];
}

/**
 * A stand-in OpenTelemetry collector for the tests: answers `POST /v1/traces` with the JSON the OTLP/HTTP
 * exporter sends (the shop's default encoding) and keeps every span it receives.
 */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const received: CollectedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url !== '/v1/traces') return void response.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service =
          resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            received.push({
              service,
              name: span.name,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
            });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
