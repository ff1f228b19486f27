import type { StreamVideoResponse } from '#libs/contracts/streaming.js';

/** Calls of the streaming tests: JSON with a Bearer token, and the media cookie the video call sets. */
export function streamingClient(baseUrl: () => string) {
  const call = async <T>(token: string | null, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as T & { error?: string; message?: string[] },
      cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    };
  };
  const login = async (email: string): Promise<string> => {
    const { status, body } = await call<{ token: string }>(null, 'POST', '/auth/login', {
      email,
      password: 'Demo-pass-2026',
      version: 5,
    });
    if (status !== 200) throw new Error(`login of ${email} answered ${status}`);
    return body.token;
  };
  /** The video call: its answer, the signed URL of the video and the media cookie. */
  const video = async (token: string, productId: number, videoId: number) => {
    const result = await call<StreamVideoResponse>(token, 'GET', `/streaming/${productId}/videos/${videoId}`);
    return { ...result, url: result.body.data?.[0]?.VIDEOS[0]?.URL ?? '' };
  };
  const media = (url: string, headers: Record<string, string> = {}) => fetch(`${baseUrl()}${url}`, { headers });
  return { call, login, video, media };
}
