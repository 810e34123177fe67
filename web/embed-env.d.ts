// Module types for embed.ts (see the wasm-base64 plugin in vite.config.ts).
declare module '*.wasm?base64' {
  const base64: string;
  export default base64;
}
