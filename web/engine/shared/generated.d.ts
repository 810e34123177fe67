// The Emscripten glue in web/generated/ is built by scripts/build-wasm.sh; the
// type check runs before that build too (early in scripts/test.sh), so the
// loaders type the factories themselves (types.ts: ModuleFactory) and these
// declarations stand in for the glue when it has not been built yet.
declare module '*/generated/attn_core.mjs' {
  const factory: (arg?: object) => Promise<unknown>;
  export default factory;
}
declare module '*/generated/attn_py.mjs' {
  const factory: (arg?: object) => Promise<unknown>;
  export default factory;
}
declare module '*/generated/attn_cli.mjs' {
  const factory: (arg?: object) => Promise<unknown>;
  export default factory;
}
declare module '*/generated/attn_torch.mjs' {
  const factory: (arg?: object) => Promise<unknown>;
  export default factory;
}
declare module '*/generated/attn_train.mjs' {
  const factory: (arg?: object) => Promise<unknown>;
  export default factory;
}
