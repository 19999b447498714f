import { chapterNumber, type ChapterSlug } from '../chapters/order.ts';

/**
 * Speaker notes, one entry per chapter of app/lesson/chapters/table.ts, keyed by its slug: what
 * to ask the room, what the chapter's figure proves, and the wrong answers to expect (with what
 * to say). The notes window (`#lesson=N&notes=1`, key N) shows them; test/app/lesson/notes.test.ts
 * fails when a chapter has none.
 */
export interface SpeakerNotes {
  /** A question for the room, before the figure answers it. */
  ask: string;
  /** What the live figure shows for certain, and how. */
  proves: string;
  /** Answers students give that are wrong, each with the reply. */
  wrong: readonly string[];
}

/**
 * What to do while a chapter's figure waits for the room's answer (the same in every chapter with a
 * question: its Show me and sliders wait until the question is settled).
 */
export const MEANWHILE =
  'The figure waits for the answer. Take a show of hands, then click the choice most chose. A wrong choice gets a reason and a second try: read the reason aloud and ask again. The second wrong try, or Show the answer, gives it.';

export const NOTES: Readonly<Record<ChapterSlug, SpeakerNotes>> = {
  'chain': {
    ask: 'How many primitives does the computer run for x·y + sin(x²) − ln y? Let the room count the operations in the formula aloud, then press Show me and count the nodes as the tape is written: the inputs are nodes too.',
    proves: 'The tape is written as the program runs: one node per primitive, each with its value and its local partials.',
    wrong: [
      '“The computer differentiates the formula.” It never sees the formula whole, only the primitives on the tape.',
      '“A local partial is the derivative of z.” It is one primitive’s rate for its own inputs, nothing more.',
    ],
  },
  'sweep': {
    ask: 'Before the sweep starts: what is the adjoint of z itself?',
    proves: 'Each sweep event multiplies an adjoint by one local partial and passes it back: the chain rule, one edge at a time.',
    wrong: [
      '“0”: nothing has flowed yet. But z moves one for one with itself, so the seed is 1.',
      '“z’s value”: the adjoint is a rate, not a value.',
    ],
  },
  'fan-out': {
    ask: 'If the sweep set x̄ = share instead of x̄ += share, what would it report for ∂z/∂x?',
    proves: 'With =, only the contribution that arrives last survives; the referee column (central differences) shows the sum is right.',
    wrong: [
      '“The same answer”: the two paths carry different amounts; one is thrown away.',
      '“Zero”: a write keeps the newest contribution, not none.',
    ],
  },
  'transpose': {
    ask: 'Forward, x flows left to right. Which way does its adjoint flow, and what starts it?',
    proves: 'The sweep through a block is a vector-Jacobian product: the adjoints (1, −0.628) times the table [4 1.5; 3 0] give x̄ = 2.12 and the block’s share of ȳ, 1.5. On the chain the sweep runs the same edges backward, from the loss.',
    wrong: [
      '“The backward pass needs a different program.” It reuses the tape: the same edges, reversed.',
      '“The Jacobian is a big matrix we store.” Each primitive’s is tiny and read off the tape.',
    ],
  },
  'one-sweep': {
    ask: 'From T = 100 to T = 200, P doubles. What does reverse mode’s cost for the whole gradient do?',
    proves: 'Counted passes: reverse mode stays at 2 at every T, forward mode and central differences grow with P. Measured time is read off the figure, never from these notes: the words under its table give reverse mode’s constant in runs of time on this machine, or say it is too noisy to tell.',
    wrong: [
      '“It doubles, like P”: that is forward mode and central differences, one or two passes per parameter.',
      '“It is exactly 2 runs of time”: 2 counts passes; time is measured, and the figure says what it reads here (a constant that does not grow with P, or too noisy to tell).',
    ],
  },
  'finite-differences': {
    ask: 'The figure starts at h = 1e-9. If you halve h there, does the error go up or down?',
    proves: 'The measured error over twelve decades of h is a V: truncation on the right, rounding on the left, the best h between. The chart shows the left arm once the question is answered.',
    wrong: [
      '“Down: smaller is always more exact.” Below the best h, rounding grows as 1/h.',
      '“It stays the same.” Both errors depend on h.',
    ],
  },
  'tape-price': {
    ask: 'From T = 100 to T = 200 steps, what does the tape’s memory do?',
    proves: 'The tape’s node count and bytes grow in a straight line with T: every step adds the same nodes.',
    wrong: [
      '“Stays the same”: no node can be dropped before the sweep has passed it.',
      '“Quadruples”: the tape grows linearly, not with T².',
    ],
  },
  'checkpointing': {
    ask: 'T = 36. Which stride holds the fewest items at once (stored states, recorded steps and the working state)?',
    proves: 'Counted as items the sum T/k + k is smallest near k = √36 = 6. Counted in bytes a recorded step weighs 80 stored states, so stride 1 is leanest; with a wide checkpoint the bytes agree with the items again.',
    wrong: [
      '“Stride 1: keep every state.” In items that holds 37 at once; in bytes it is the leanest, which is why the unit matters.',
      '“Stride 36: keep only the start.” Then the whole chain is taped at once on the way back: the full tape.',
    ],
  },
  'tensors': {
    ask: 'With 16 hidden units, how many times more nodes does the scalar tape hold than the tensor tape?',
    proves: 'Both tapes give the same gradient (the agreement line); the scalar tape’s nodes grow with every weight while the tensor tape’s stay fixed. The chart shows it over hidden units on a log axis.',
    wrong: [
      '“About 3 times”: each matrix product alone is thousands of scalar nodes.',
      '“Tensors use different calculus.” The rule is the same vector-Jacobian product, one node per matrix operation.',
    ],
  },
  'hidden': {
    ask: 'The figure starts with the sweep stopped K = 10 steps before the end. What do the first 30 steps’ gradients become?',
    proves: 'The truncated tape is smaller and its error is counted against the full gradient for every window K; the earlier gradients are exactly 0.',
    wrong: [
      '“Slightly off”: nothing flows past the constant, so they are exactly 0.',
      '“Still exact”: they are never reached.',
    ],
  },
  'bugs': {
    ask: 'Two backward() calls and no zero_grad() between them: what is in .grad? Take a show of hands before the answer.',
    proves: 'Each bug runs on the real tape of the 40-step chain: the wrong gradient is drawn beside the right one from the same worker, and a refused sweep shows the error PyTorch prints.',
    wrong: [
      '“The same gradient”: backward adds into .grad, it never writes over it; the second call adds the same gradient again.',
      '“A detach only changes the step it is on”: the sweep stops there, so every earlier gradient is exactly 0.',
    ],
  },
  'second-order': {
    ask: 'How many passes over the chain does one H·v take: 2 like a gradient, 4, or one per Hessian entry?',
    proves: 'One recording and one sweep on dual numbers give H·v: 4 passes, twice one gradient, since each value carries a tangent; central differences of two gradients agree with it, and on the small expression it equals the full Hessian times v.',
    wrong: [
      '“You need the whole Hessian first”: H·v comes in one dual sweep; the Hessian is never built.',
      '“Second derivatives need a new kind of tape”: it is the same tape, run on dual numbers.',
    ],
  },
  'remember': {
    ask: 'Which one idea would you keep if you kept only one? Ask two or three people, then show the five lines.',
    proves: 'The counted work of the three methods on the lab’s default chain: 2 against P + 1 and 2P + 1, and the three gradients agree.',
    wrong: [
      '“Reverse mode is always fastest.” With few inputs and many outputs forward mode wins.',
      `“A smaller h is always better.” Chapter ${chapterNumber('finite-differences')}’s V says otherwise.`,
    ],
  },
};
