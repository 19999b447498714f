/**
 * The lesson's chapters: one row each, in order. The page, its chapter list, the previous and
 * next links, the window title, the slide count and the tests all read this table; a chapter's
 * figure (its live state and drawing) is the one thing that lives in a file of its own.
 *
 * How to add a chapter:
 *  1. Write its figure, `ChapterN.tsx` in this folder: a default-exported component that keeps the
 *     figure's state and renders `<ChapterFrame figure={…} labHash={…} />`, adding
 *     `onAnswer` (what the figure shows once the question is answered) and `live` (values the
 *     question's text quotes) when the chapter asks one. Start from the nearest chapter; use
 *     figures/FigureSlider.tsx for a slider and ShowMeButton for a motion.
 *  2. Add its row below, at its place: number, title, body (JSX: words, dfn, Formula), and if it
 *     asks one, question (prompt, choices each with why, the accepted answer's label) and
 *     afterQuestion, and `figure: retryable(() => import('./ChapterN.tsx'))` so it loads when opened
 *     (and again on Retry if the network failed).
 *     A chapter put between two others renumbers the rows after it (and "chapter N" in the prose).
 *  3. Set CHAPTER_COUNT in ./count.ts to the new number of rows (the lab's first chunk reads it to
 *     check `#lesson=N` without loading the lesson; test/app/lesson/table.test.ts fails until
 *     it matches).
 * The tests need no edit: test/e2e/lesson.test.ts walks every row, answers every question both
 * ways and checks the page at every size.
 */
import { retryable } from '../../shell/retryable.ts';
import { Formula } from '../../ui/formulas/Formula.tsx';
import Chapter1 from './Chapter1.tsx';
import type { ChapterRow } from './row.ts';

export const CHAPTERS: readonly ChapterRow[] = [
  {
    number: 1,
    title: 'A program is a chain of small steps',
    body: (
      <>
        <p>
          Take z = x·y + sin(x²) − ln y at x = 0.5, y = 4. The computer never sees that formula whole. It runs small
          steps, one after another: a multiply, a square, a sine, a logarithm, an add, a subtract. Each step is a{' '}
          <dfn>primitive</dfn>.
        </p>
        <p>
          A <dfn>derivative</dfn> says how fast an output changes when you nudge an input. Each primitive knows its own,
          for its own inputs: for u = x·y, nudging x moves u by y per unit. That is its <dfn>local partial</dfn>.
        </p>
        <p>
          As the program runs, it writes every step on a list, the <dfn>tape</dfn>: what it read, what it made, and
          its local partials, like receipts. The <dfn>chain rule</dfn> will join them: along a path the partials
          multiply, and where paths meet they add.
        </p>
        <p className="todo">
          <strong>Try:</strong> press Show me to watch the tape written one node at a time, then switch to the full
          program.
        </p>
      </>
    ),
    // In the lesson's own chunk: the first chapter most people open.
    figure: Chapter1,
  },
  {
    number: 2,
    title: 'The backward sweep',
    body: (
      <>
        <p>
          Now read the tape backward. Give every value an <dfn>adjoint</dfn>: how much the output z moves per unit
          nudge of that value. Write it v̄.
        </p>
        <p>
          Start at the end. Then take the receipts newest first: each step passes blame to what it read, its own
          adjoint times its local partial. That is the chain rule, one edge at a time.
        </p>
      </>
    ),
    question: {
      prompt: 'Before any step: how much does z move per unit nudge of z itself?',
      choices: [
        { label: '0', why: 'Nudging z by one unit moves z by exactly one unit, so the adjoint of z is 1: the seed.' },
        { label: '1', why: 'z moves one for one with itself. The sweep starts from this seed of 1.' },
        {
          label: (v) => `z’s own value${v.z === undefined ? '' : `, ${v.z}`}`,
          why: 'The adjoint is a rate, not a value: nudging z by one unit moves z by one unit, so the seed is 1.',
        },
      ],
      answer: '1',
    },
    afterQuestion: (
      <p className="todo">
        <strong>Try:</strong> step the sweep and watch the blame reach x and y.
      </p>
    ),
    wide: 'figure',
    figure: retryable(() => import('./Chapter2.tsx')),
  },
  {
    number: 3,
    title: 'A value read twice',
    body: (
      <>
        <p>
          In z = x·y + sin(x²) − ln y, x is read twice: by x·y and by x². Blame comes back to x along both paths. A
          value read more than once is a <dfn>fan-out</dfn>.
        </p>
        <p>
          The chain rule says paths that meet add up. So the sweep must add each contribution into the adjoint (+=),
          never write over it (=). The fan-out nodes show how many contributions have arrived.
        </p>
      </>
    ),
    question: {
      prompt: 'If the sweep wrote adj[x] = … instead of adding, what would it report for ∂z/∂x?',
      choices: [
        {
          label: 'The same answer',
          why: (v) =>
            `Writing over throws away every contribution but the last one to arrive: ${v.overwritten ?? 'a wrong value'} instead of ${v.sum ?? 'the sum'}.`,
        },
        {
          label: 'Only the contribution that arrives last',
          why: (v) =>
            `The path through x·y arrives last and sends y = 4; the path through x² is lost. The right answer is their sum${v.sum === undefined ? '' : `, ${v.sum}`}.`,
        },
        { label: 'Zero', why: (v) => `Each write keeps the newest contribution, so the last one survives: ${v.overwritten ?? 'not zero'}.` },
      ],
      answer: 'Only the contribution that arrives last',
    },
    afterQuestion: (
      <p className="todo">
        <strong>Try:</strong> switch between the two sweeps. The last column is a referee that needs no tape:
        central differences, which nudge each input a little both ways (chapter 6).
      </p>
    ),
    figure: retryable(() => import('./Chapter3.tsx')),
  },
  {
    number: 4,
    title: 'A chain, and its transpose',
    body: (
      <>
        <p>
          Now a real program: a chain that updates one number x through T steps, each with its own two parameters a
          and b, and ends in a loss L.
        </p>
        <Formula name="step" />
        <p>
          Forward, x flows left to right. Backward, its adjoint x̄ flows right to left, starting from the loss:
        </p>
        <Formula name="seed" />
        <Formula name="back" className="tex-small" />
        <p>
          Each step’s local partials form its <dfn>Jacobian</dfn>, the table of how each output moves with each input.
          Multiplying the incoming adjoint by it is a <dfn>vector-Jacobian product</dfn>. Backward runs the same
          edges in reverse: the chain’s <dfn>transpose</dfn>.
        </p>
        <p className="todo">
          <strong>Try:</strong> set T from 2 to 5 and watch the tape grow; press Show me to sweep back.
        </p>
      </>
    ),
    figure: retryable(() => import('./Chapter4.tsx')),
  },
  {
    number: 5,
    title: 'Why one sweep gives every gradient',
    body: (
      <p>
        The chain has P = 2T parameters. Central differences run it twice per parameter: 2P + 1 runs.{' '}
        <dfn>Forward mode</dfn> carries one derivative per parameter beside every value: the work of P + 1 runs.
      </p>
    ),
    question: {
      prompt: 'At T = 100 there are P = 200 parameters. How many runs of the chain does reverse mode cost for all 200 gradients?',
      choices: [
        { label: 'About 2', why: 'One run records the tape, one sweep reads it back, and that sweep fills in every parameter’s gradient at once.' },
        { label: 'About 201', why: 'That is forward mode, one derivative per parameter. Reverse mode sweeps once from the single output: about 2 runs.' },
        { label: 'About 401', why: 'That is central differences, two runs per parameter. Reverse mode needs one run and one sweep: about 2.' },
      ],
      answer: 'About 2',
    },
    afterQuestion: (
      <>
        <p>
          Forward mode wins the other way round: few inputs and many outputs. It needs one pass per input, where
          reverse mode needs one sweep per output.
        </p>
        <p className="todo">
          <strong>Try:</strong> raise T and compare the counts with the measured times.
        </p>
      </>
    ),
    figure: retryable(() => import('./Chapter5.tsx')),
  },
  {
    number: 6,
    title: 'Finite differences: the V of error',
    body: (
      <>
        <p>
          A <dfn>finite difference</dfn> guesses a derivative by nudging: run the chain with one parameter moved up by
          h, then down by h, and divide the change in the loss by 2h. It needs no tape, so it is the referee: here it is checked against the reverse gradient.
        </p>
        <p>
          Large h measures the wrong slope (truncation error, falling as h²). Tiny h subtracts two nearly equal
          numbers, and rounding error grows as 1/h. Between them lies the best h.
        </p>
      </>
    ),
    question: {
      prompt: 'h is 1e-9 now. If you halve it, does the error go up or down?',
      choices: [
        {
          label: 'Down: a smaller step is always more exact',
          why: 'Below the best h, rounding rules: the two runs agree in more of their digits, and what is left of the difference is noise. Halving h doubles it.',
        },
        { label: 'Up: rounding error grows as h shrinks', why: 'At 1e-9 the rounding term ε·|L|/h dominates, so halving h about doubles the error.' },
        { label: 'It stays the same', why: 'Both kinds of error depend on h. Down here rounding dominates and grows as 1/h: the error goes up.' },
      ],
      answer: 'Up: rounding error grows as h shrinks',
    },
    afterQuestion: (
      <p className="todo">
        <strong>Try:</strong> step h across twelve decades and find the bottom of the V.
      </p>
    ),
    figure: retryable(() => import('./Chapter6.tsx')),
  },
  {
    number: 7,
    title: 'The tape is the price',
    body: (
      <p>
        The sweep needs values from the forward run: each step’s slopes depend on its x and its inputs. So the
        tape keeps them all until the sweep has passed. Memory, not arithmetic, is the price of reverse mode.
      </p>
    ),
    question: {
      prompt: 'From T = 100 to T = 200 steps, what does the tape’s memory do?',
      choices: [
        { label: 'Stays about the same', why: 'Every step writes its own nodes; none can be dropped before the sweep. Twice the steps, about twice the tape.' },
        { label: 'About doubles', why: 'Each step adds the same fourteen nodes (its a, its b and twelve primitives), so the tape grows in a straight line with T.' },
        { label: 'About quadruples', why: 'The tape grows in a straight line: each step adds the same nodes. Twice the steps, twice the tape.' },
      ],
      answer: 'About doubles',
    },
    afterQuestion: (
      <>
        <p>There are three ways to pay:</p>
        <ul className="options">
          <li>store everything: a fast sweep, a large tape;</li>
          <li>store almost nothing: a tiny tape, and the chain run again for every step back;</li>
          <li>
            store a few <dfn>checkpoints</dfn>, saved states to restart from, and recompute between them.
          </li>
        </ul>
      </>
    ),
    figure: retryable(() => import('./Chapter7.tsx')),
  },
  {
    number: 8,
    title: 'Checkpointing: buy memory back with compute',
    body: (
      <p>
        A periodic schedule keeps a checkpoint every k steps. On the way back it reruns one stretch of k steps from
        its checkpoint, records it, and sweeps it. Memory: about T/k checkpoints plus one stretch of k steps.
      </p>
    ),
    question: {
      // The figure's chain: T = 36, so that √T = 6 is a whole stride.
      prompt: 'T = 36. Which stride holds the least memory at once?',
      choices: [
        { label: 'k = 1: keep every step', why: 'Stride 1 is the full tape: the most memory of all.' },
        {
          label: 'k = 6, near √36',
          why: 'T/k checkpoints plus a stretch of k steps is least when the two are equal: k ≈ √T. Strides 5 to 8 all sit in that flat valley.',
        },
        {
          label: 'k = 36: keep only the start',
          why: 'One checkpoint, but then the one stretch to rerun is the whole chain, recorded whole: as much as the full tape.',
        },
      ],
      answer: 'k = 6, near √36',
    },
    afterQuestion: (
      <>
        <p>
          A binomial schedule (revolve, by Griewank and Walther) keeps a few plain states and reruns from them again
          and again. At a small fraction of the memory, it pays in recomputation.
        </p>
        <p className="todo">
          <strong>Try:</strong> move the stride and watch memory fall, then rise.
        </p>
      </>
    ),
    figure: retryable(() => import('./Chapter8.tsx')),
  },
  {
    number: 9,
    title: 'From scalars to tensors',
    body: (
      <>
        <p>
          Real networks work on arrays of numbers, <dfn>tensors</dfn>. The rules do not change: each operation keeps
          its receipt and passes blame back by a vector-Jacobian product. For a matrix product Y = XW:
        </p>
        <Formula name="matmul" />
        <p>
          A tensor tape writes one node per matrix operation, not one per multiply and add. Here a network with one
          hidden layer takes one step on 200 points, recorded both ways.
        </p>
      </>
    ),
    question: {
      prompt: 'With 16 hidden units, how many times more nodes does the scalar tape hold than the tensor tape?',
      choices: [
        {
          label: 'About 3 times',
          why: (v) =>
            v.ratio === undefined
              ? 'Every multiply and add of every matrix product is a node of its own on the scalar tape.'
              : `It is about ${v.ratio}: the scalar tape writes every multiply and add of every matrix product.`,
        },
        {
          label: 'About 100 times',
          why: (v) =>
            v.ratio === undefined
              ? 'More: each matrix product alone is thousands of scalar nodes.'
              : `More: about ${v.ratio}. Each matrix product alone is thousands of scalar nodes.`,
        },
        {
          label: 'About 3,000 times',
          why: (v) =>
            v.scalarNodes === undefined || v.tensorNodes === undefined
              ? 'Each matrix product is one tensor node and thousands of scalar ones.'
              : `Yes: ${v.scalarNodes} scalar nodes against ${v.tensorNodes} tensor nodes.`,
        },
      ],
      answer: 'About 3,000 times',
    },
    afterQuestion: (
      <p>
        That is the whole story: the forward run writes receipts, the backward sweep spends them newest first, and
        memory is the bill. The gradient is a program, and it can be made faster like any other.
      </p>
    ),
    figure: retryable(() => import('./Chapter9.tsx')),
  },
  {
    number: 10,
    title: 'What frameworks hide',
    body: (
      <>
        <p>
          Frameworks such as PyTorch and JAX run this machinery for you. They hide the trade, but it is still
          there: small changes in code move a lot of memory.
        </p>
        <p>
          <dfn>Stopping the gradient</dfn> means treating one value as a constant, so the sweep ends there. Here the
          sweep runs back only K steps from the end. The tape shrinks; the gradient of the earlier steps is lost.
        </p>
      </>
    ),
    question: {
      prompt: 'The sweep stops K = 10 steps before the end. What do the first 30 steps’ gradients become?',
      choices: [
        { label: 'Exactly 0', why: 'No blame flows past the constant, so every parameter before it gets nothing: 0, not an approximation.' },
        { label: 'Still exact', why: 'They are never reached: the sweep stops at the constant, so the earlier parameters get 0.' },
        { label: 'Slightly off', why: 'Nothing flows past the constant at all, so the earlier gradients are exactly 0, not a little off.' },
      ],
      answer: 'Exactly 0',
    },
    figure: retryable(() => import('./Chapter10.tsx')),
  },
  {
    number: 11,
    title: 'What to remember',
    body: (
      <>
        <ol className="remember">
          <li>A program is a chain of primitives, each with its own local partials.</li>
          <li>The tape records them as the program runs forward.</li>
          <li>The backward sweep reads the tape newest first and adds into each adjoint.</li>
          <li>One sweep gives the gradient for every parameter: its cost does not grow with P.</li>
          <li>The price is memory; checkpoints buy it back with recomputation.</li>
        </ol>
        <p>Mistakes to avoid:</p>
        <ul className="options">
          <li>writing an adjoint with = where paths meet: it must be +=;</li>
          <li>a finite-difference step h so small that rounding error swamps the answer;</li>
          <li>forgetting that forward mode pays one pass per input.</li>
        </ul>
        <p>Where to go next in the lab:</p>
        <ul className="next-steps">
          <li>
            <a href="#go=pitfall">The tape explorer</a>, with the pitfall on: watch = lose a contribution.
          </li>
          <li>
            <a href="#go=playground">Your own expression</a>: type one and see its tape and gradient.
          </li>
          <li>
            <a href="#go=tradeoffs">What frameworks hide</a>: stop the gradient, fuse, save or recompute.
          </li>
          <li>
            <a href="#go=tensor">From scalars to tensors</a>: train a small network on a tensor tape.
          </li>
        </ul>
      </>
    ),
    wide: 'words',
    figure: retryable(() => import('./Chapter11.tsx')),
  },
];

/** The chapter numbered `n` (1 … CHAPTERS.length). */
export const chapterRow = (n: number): ChapterRow => CHAPTERS[n - 1];
