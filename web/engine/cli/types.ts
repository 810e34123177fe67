// Types of the CLI module's JS API (attn_cli: the loader cli/cli.js
// implements them over the raw module, ./raw.ts, generated from the binding;
// checked with // @ts-check and JSDoc).
import type { OneBuildOptions } from '../shared/types';
import type { CliResult } from './raw';

/** An exit code and the two streams' text: the binding's value object (attn::CliResult). */
export type { CliResult };

/** attn-cli in WASM (the CLI module, attn_cli: Node scripts and tests only; no page loads it). */
export interface Cli {
  version(): string;
  /**
   * attn-cli's commands: same arguments, same bytes out. At most LIMITS.cli.maxArgs strings of
   * LIMITS.cli.maxArgChars characters (./limits.js). The module has no file system: `train --data FILE`
   * (and its default, the project's Tiny Shakespeare) is read through `readFile`, which returns the
   * file's bytes or null when it cannot be read; without it no file can be read. A readFile that
   * throws or returns anything else makes runCli throw (a TypeError for a wrong result).
   */
  runCli(args: string[], readFile?: (path: string) => Uint8Array | null): CliResult;
  /** WASM memory size and bytes in use by malloc (this module's own heap). */
  heapStats(): { memoryBytes: number; usedBytes: number };
  /** The raw Embind module (errors are returned, not thrown). */
  readonly raw: unknown;
}

/** wasmBinary: the attn_cli.wasm bytes (Node: readFileSync). */
export type CliLoadOptions = OneBuildOptions;
