// The tags of the attention-lab elements, written once: the autoloader
// (web/lib/attention-lab.ts) has a loader for each, and the pages' language
// switch (web/i18n/lang.ts) sets the lang of each. No side effects, so the
// pages' boot script can import it.
export const ELEMENT_TAGS = [
  'attn-heatmap', 'attn-quiz', 'attn-review', 'attn-exercise', 'attn-tril', 'attn-heads', 'attn-train',
] as const;

export type AttnTag = (typeof ELEMENT_TAGS)[number];
