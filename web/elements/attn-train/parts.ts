// What an <attn-train> shows and the parts that drive it: its view (the
// controls, chart, log and progress), the PyTorch and generation panels, the
// learned attention and the block models' spreads, the own-text choice and the
// run's output. The element builds them at its first render (or at the first
// call that needs them), not in its constructor: the page defines the element
// in one task, and every <attn-train> on the page is constructed in it.
import { MessageBox } from '../../shared/element';
import { AttentionPanel } from './attention-panel';
import { GenerationPanel } from './generate-panel';
import { OwnText } from './own-text';
import { DEFAULT_STATE } from './parse';
import { PytorchPanel } from './pytorch-panel';
import { RunOutput } from './run-output';
import { SpreadsPanel } from './spreads-panel';
import { TrainView } from './view';

export interface TrainParts {
  message: MessageBox; pytorch: PytorchPanel; gen: GenerationPanel; attn: AttentionPanel;
  spreads: SpreadsPanel; v: TrainView; own: OwnText; out: RunOutput;
}

/** What the parts ask of their element. */
export interface PartsHost {
  pytorch: ConstructorParameters<typeof PytorchPanel>[0];
  gen: ConstructorParameters<typeof GenerationPanel>[0];
  requestAttention: () => void;
}

export function buildParts(host: PartsHost): TrainParts {
  const pytorch = new PytorchPanel(host.pytorch);
  const gen = new GenerationPanel(host.gen);
  const attn = new AttentionPanel(DEFAULT_STATE.block, host.requestAttention);
  const spreads = new SpreadsPanel();
  const v = new TrainView(pytorch.root, attn.root, gen.root);
  attn.root.before(spreads.root);
  return { message: new MessageBox(), pytorch, gen, attn, spreads, v, own: new OwnText(v.ownText), out: new RunOutput(v) };
}
