// hls.js's light build (no alternate audio, subtitles in the stream or DRM: the shop uses none) ships
// without its own declaration; it has the full build's API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
