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
 *     afterQuestion, labSection (where "Open this in the lab" lands: the lab's part that shows
 *     the same idea), and `figure: retryable(() => import('./ChapterN.tsx'))` so it loads when opened
 *     (and again on Retry if the network failed).
 *     A chapter put between two others renumbers the rows after it (and "chapter N" in the prose).
 *  3. Set CHAPTER_COUNT in ./count.ts to the new number of rows (the lab's first chunk reads it to
 *     check `#lesson=N` without loading the lesson; test/app/lesson/table.test.ts fails until
 *     it matches).
 * The tests need no edit: test/e2e/lesson.test.ts (the first half of the rows) and
 * lesson-later.test.ts (the rest) walk every row, answer every question both ways and check the
 * page at every size; a question's accepted answer and its feedback go in test/e2e/lessonKit.ts.
 */
import { retryable } from '../../shell/retryable.ts';
import { Formula } from '../../ui/formulas/Formula.tsx';
import { TryOne } from '../TryOne.tsx';
import Chapter1 from './Chapter1.tsx';
import type { ChapterRow } from './row.ts';

export const CHAPTERS: readonly ChapterRow[] = [
  {
    number: 1,
    title: 'A program is a chain of small operations',
    body: (
      <>
        <p>
          Take z = x·y + sin(x²) − ln y at x = 1.5, y = 4. The computer never sees that formula whole. It runs small
          operations, one after another: a multiply, a square, a sine, a logarithm, an add, a subtract. Each of them is
          a <dfn>primitive</dfn>.
        </p>
        <p>
          A <dfn>derivative</dfn> says how fast an output changes when you nudge an input. Each primitive knows its own
          derivative with respect to each of its inputs: that is its <dfn>local partial</dfn>. For u = x·y, nudging x
          moves u by y per unit, so ∂u/∂x = y = 4. For w = x², ∂w/∂x = 2x = 3.
        </p>
        <p>
          As the program runs, it writes every primitive on a list, the <dfn>tape</dfn>: what it read, what it made,
          and its local partials. The <dfn>chain rule</dfn> will join them: along a path the partials multiply, and
          where paths meet they add.
        </p>
        <p className="todo">
          <strong>Try:</strong> press Show me to watch the tape written one <dfn>node</dfn> at a time. A node is one row of the
          tape: an input the program reads (a leaf), or one primitive’s result.
        </p>
      </>
    ),
    wide: 'graph',
    labSection: 'playground',
    // In the lesson's own chunk: the first chapter most people open.
    figure: Chapter1,
  },
  {
    number: 2,
    title: 'The backward sweep',
    body: (
      <>
        <p>
          Now read the tape backward. Give every value v an <dfn>adjoint</dfn>, written v̄: how much the output z
          moves per unit nudge of v, or v’s blame for z.
        </p>
        <p>
          This backward reading is the <dfn>sweep</dfn>. It starts at z, newest row first. Each row passes blame to the
          values it read: its own adjoint times its local partial, one <dfn>sweep event</dfn> per edge. That is the chain
          rule.
        </p>
        <p>
          x is read twice, by x·y and by x². A value read more than once is a <dfn>fan-out</dfn>: the figure counts
          its shares as they arrive (1 of 2, then 2 of 2).
        </p>
      </>
    ),
    question: {
      prompt: 'Before the sweep starts: how much does z move per unit nudge of z itself?',
      choices: [
        { label: '0', why: 'Zero would mean that nudging z leaves z where it is. Does it?' },
        { label: '1', why: 'z moves one for one with itself: z̄ = 1. The sweep starts from this seed of 1.' },
        {
          label: (v) => `z’s own value${v.z === undefined ? '' : `, ${v.z}`}`,
          why: 'The adjoint is a rate, not a value: how far z moves per unit nudge of z, whatever z is.',
        },
      ],
      answer: '1',
    },
    afterQuestion: (
      <>
        <p className="todo">
          <strong>Try:</strong> step the sweep back to x and y.
        </p>
        <TryOne level={1} seed={3}>
          sweep a chain of three or four primitives by hand. Type each adjoint, from the output back; Check marks each one.
        </TryOne>
      </>
    ),
    wide: 'graph',
    labSection: 'playground',
    figure: retryable(() => import('./Chapter2.tsx')),
  },
  {
    number: 3,
    title: 'A value read twice',
    body: (
      <>
        <p>
          x is a fan-out: blame reaches it by two paths, through x·y and x². What must the sweep do with the second
          share?
        </p>
      </>
    ),
    question: {
      prompt: 'If the sweep set x̄ = share instead of x̄ += share, what would it report for ∂z/∂x?',
      choices: [
        {
          label: 'The same answer',
          why: 'The two paths carry different shares. With =, what becomes of the first share when the second arrives?',
        },
        {
          label: 'Only the share that arrives last',
          why: (v) =>
            `The path through x·y arrives last and sends y = ${v.overwritten ?? '4'}; the path through x² is lost. The right answer is their sum${v.sum === undefined ? '' : `, ${v.sum}`}.`,
        },
        { label: 'Zero', why: 'Each write puts a share into x̄, and nothing sets it back to 0 afterwards.' },
      ],
      answer: 'Only the share that arrives last',
    },
    afterAnswer: (
      <p>
        The chain rule says paths that meet add up. So the sweep adds each share into the adjoint (+=) and never
        writes over it (=).
      </p>
    ),
    afterQuestion: (
      <>
        <p className="todo">
          <strong>Try:</strong> switch the sweep. The last column is a referee with no tape: central differences,
          which nudge each input both ways (chapter 6).
        </p>
        <TryOne level={2} seed={265}>
          x is read twice. Add its two shares; Check says so if one was written over.
        </TryOne>
      </>
    ),
    wide: 'figure',
    labSection: 'pitfall',
    figure: retryable(() => import('./Chapter3.tsx')),
  },
  {
    number: 4,
    title: 'A chain, and its transpose',
    body: (
      <>
        <p>
          Now a real program: x updated T times. Each update, a <dfn>chain step</dfn>, has its own parameters aₜ and
          bₜ. The step ϕ is twelve primitives: ϕ(x) = tanh(a·x + b) + c·x/(1 + x²) + 0.025·sin(k·x),
          k = 0.11(t + 1), and one c for all steps. The <dfn>loss</dfn> L measures how far the last state is
          from a target, a new y (not chapter 1’s input).
        </p>
        <Formula name="step" />
        <p>
          A block of primitives has a <dfn>Jacobian</dfn>, the table of its local partials: one row per output, one column per input.
          Chapter 1’s (x, y) ↦ (x·y, x²) at x = 1.5, y = 4 has the Jacobian [4 1.5; 3 0]; in z’s sweep its outputs’
          adjoints are 1 and cos(2.25) = −0.628. The row (1, −0.628) times the table gives x̄ = 2.12 and, for y, 1.5:
          a <dfn>vector-Jacobian product</dfn>. This 1.5 is the block’s share: −ln y adds −0.25,
          so ȳ = 1.25.
        </p>
        <Formula name="back" className="tex-small" />
        <p>
          Each chain step does the same with its 1×3 Jacobian (inputs x, a, b). Running the edges backward multiplies by each
          Jacobian’s <dfn>transpose</dfn>: rows turned into columns.
        </p>
        <p className="todo">
          <strong>Try:</strong> set T from 2 to 5; press Show me to sweep back.
        </p>
        <TryOne level={3} seed={5}>
          a value that two steps read, as x is in ϕ. Its adjoint is the sum of what both pass back.
        </TryOne>
      </>
    ),
    labSection: 'reverse',
    figure: retryable(() => import('./Chapter4.tsx')),
  },
  {
    number: 5,
    title: 'Why one sweep gives every gradient',
    body: (
      <p>
        The chain has P = 2T parameters. The <dfn>gradient</dfn> is all P derivatives ∂L/∂aₜ, ∂L/∂bₜ. Cost is
        counted in <dfn>passes</dfn> over the chain and measured in runs of time (plain runs).{' '}
        <dfn>Reverse mode</dfn> records a tape and sweeps it back. <dfn>Forward mode</dfn> carries P
        derivatives beside each value: P + 1 passes. <dfn>Central differences</dfn> nudge each parameter both ways: 2P
        + 1.
      </p>
    ),
    question: {
      prompt: 'From T = 100 to T = 200, P doubles. What does reverse mode’s cost for the whole gradient do?',
      choices: [
        {
          label: 'Stays about the same',
          why: (v) =>
            `2 passes at every T: one run records the tape, one sweep fills in all P gradients.${v.reverse200 && v.forward200 ? ` At T = 200: ≈ ${v.reverse200} runs of time, against ≈ ${v.forward200} for forward mode.` : ''}`,
        },
        {
          label: 'About doubles, like P',
          why: 'That is how forward mode (P + 1 passes) and central differences (2P + 1) grow: one or two passes per parameter. Does reverse mode make a pass per parameter?',
        },
        { label: 'About quadruples', why: 'Nothing here grows as P²: no method pairs every parameter with every other.' },
      ],
      answer: 'Stays about the same',
    },
    afterAnswer: (
      <p>
        The <dfn>cheap-gradient result</dfn>: reverse mode costs a small constant times one run, whatever P. The
        figure measures that constant in time, on this machine.
      </p>
    ),
    labSection: 'work',
    figure: retryable(() => import('./Chapter5.tsx')),
  },
  {
    number: 6,
    title: 'Finite differences: how small a step?',
    body: (
      <>
        <p>
          A <dfn>finite difference</dfn> guesses a derivative by nudging. Run the chain with one parameter moved up by
          a <dfn>step h</dfn>, then down by h, and divide the change in the loss by 2h. It needs no tape.
        </p>
        <p>
          Large h measures the wrong slope: <dfn>truncation error</dfn>. Floats keep about 16 digits (<dfn>machine
          epsilon</dfn> ε ≈ 2.2e-16). Small h subtracts two nearly equal losses; the lost digits are{' '}
          <dfn>rounding error</dfn>.
        </p>
      </>
    ),
    question: {
      // The question's own h, where the figure starts (the slider's h shows in its label and readout).
      prompt: 'The figure starts at h = 1e-9. If you halve h there, does the error go up or down?',
      choices: [
        {
          label: 'Down: a smaller step is always more exact',
          why: 'Only truncation error shrinks with h. At 1e-9 the two runs’ losses agree in almost every digit: what is left of their difference?',
        },
        {
          label: 'Up: rounding error grows as h shrinks',
          why: (v) =>
            `At 1e-9 rounding error is far above truncation error, and it grows as 1/h: ${v.at && v.atHalf ? `the error is ${v.at} at 1e-9 and ${v.atHalf} at 5e-10, ${v.ratio} times as large` : 'halving h about doubles the error'}.`,
        },
        {
          label: 'It stays the same',
          why: 'Both kinds of error depend on h: truncation as h², rounding as 1/h. Which of the two is larger at 1e-9?',
        },
      ],
      answer: 'Up: rounding error grows as h shrinks',
    },
    afterAnswer: (
      <p>
        Models: truncation h²·|L‴|/6 (L‴, the loss’s third derivative), rounding ε·|L|/h. The best h is at the
        bottom of the V.
      </p>
    ),
    labSection: 'fd',
    figure: retryable(() => import('./Chapter6.tsx')),
  },
  {
    number: 7,
    title: 'The tape is the price',
    body: (
      <p>
        The sweep needs values from the forward run: each step’s local partials depend on its x, a and b. So the
        tape keeps them all until the sweep has passed them.
      </p>
    ),
    question: {
      prompt: 'From T = 100 to T = 200 steps, what does the tape’s memory do?',
      choices: [
        { label: 'Stays about the same', why: 'Every step writes its own nodes, and none can be dropped before the sweep has passed them.' },
        {
          label: 'About doubles',
          why: (v) =>
            v.stepNodes
              ? `Each step adds the same ${v.stepNodes} nodes of ${v.nodeBytes} bytes: its leaves a and b and the ${v.stepPrimitives} primitives of ϕ; only ${v.fixedNodes} ` +
                `(x₀, c and the loss) do not grow. ${v.nodes100} nodes at T = 100, ${v.nodes200} at T = 200: a straight line in T.`
              : 'Each step adds the same nodes: its two leaves, a and b, and the primitives of ϕ. The tape grows in a straight line with T.',
        },
        { label: 'About quadruples', why: 'That would need each step’s record to grow with T. Does a step write more nodes when more steps come after it?' },
      ],
      answer: 'About doubles',
    },
    afterQuestion: (
      <>
        <p>Memory, not arithmetic, is the price of reverse mode. There are three ways to pay:</p>
        <ul className="options">
          <li>keep the whole tape: a fast sweep, a large tape;</li>
          <li>keep almost nothing: a tiny tape, and the chain run again for every step back;</li>
          <li>
            keep a few <dfn>checkpoints</dfn>, stored states xₜ to restart from, and recompute between them.
          </li>
        </ul>
      </>
    ),
    labSection: 'checkpoint',
    figure: retryable(() => import('./Chapter7.tsx')),
  },
  {
    number: 8,
    title: 'Checkpointing: buy memory back with compute',
    body: (
      <p>
        A <dfn>stored state</dfn> (a checkpoint) is one number, xₜ. A <dfn>recorded step</dfn> is a step taped on its
        own, with its own xₜ and c. The <dfn>working state</dfn> is the one being carried forward. Each is one{' '}
        <dfn>held item</dfn>. A periodic schedule stores one every k steps; going back, it reruns, records and sweeps
        k steps at a time.
      </p>
    ),
    question: {
      // The figure's chain: T = 36, so that √T = 6 is a whole stride.
      prompt: 'T = 36. Which stride holds the fewest items at once?',
      choices: [
        {
          label: 'k = 1: keep every state',
          why: (v) => `Stride 1 stores a state at every step but the last: ${v.items1 ?? 'many'} items at once. Fewer checkpoints mean more recorded steps at once: where do the two balance?`,
        },
        {
          label: 'k = 6: a checkpoint every 6 steps',
          why: (v) =>
            `About T/k stored states and k recorded steps balance at k = √36 = 6: ${v.items6 ?? 'the fewest'} items${v.parts6 ? ` (${v.parts6})` : ''}.`,
        },
        {
          label: 'k = 36: keep only the start',
          why: (v) => `Only the start is stored, and then all 36 steps are recorded at once on the way back: ${v.items36 ?? 'every step'} items. Where do checkpoints and recorded steps balance?`,
        },
      ],
      answer: 'k = 6: a checkpoint every 6 steps',
    },
    afterAnswer: (
      <p>
        In bytes the best is √(T·S/R) (S, R in the caption): under 1, so store every state. Wide states make it √T again.
      </p>
    ),
    afterQuestion: (
      <>
        <p>
          <dfn>Revolve</dfn> (Griewank and Walther) reruns from a few stored states in the order that recomputes
          fewest steps.
        </p>
        <TryOne level={4} seed={4}>
          sweep one step like the chain’s, tanh(w·x + b), and its loss by hand; weight decay, 0.1·w², reads w a second
          time. On the way back the schedule sweeps each recorded step like this.
        </TryOne>
      </>
    ),
    labSection: 'checkpoint',
    figure: retryable(() => import('./Chapter8.tsx')),
  },
  {
    number: 9,
    title: 'From scalars to tensors',
    body: (
      <>
        <p>
          Real networks work on arrays of numbers, <dfn>tensors</dfn>. The rules do not change: each operation is a
          node on the tape, and passes blame back by a vector-Jacobian product. For a matrix product Y = XW:
        </p>
        <Formula name="matmul" />
        <p>
          A tensor tape writes one node per matrix operation, not one per multiply and add. Here a small network with
          16 hidden units (values between its input and output) takes one <dfn>training step</dfn> (run, sweep,
          update) on 200 points, recorded both ways. Both counts include the parameters, not the data X.
        </p>
      </>
    ),
    question: {
      prompt: 'With 16 hidden units, how many times more nodes does the scalar tape hold than the tensor tape?',
      choices: [
        {
          label: 'About 3 times',
          why: 'Every multiply and add of every matrix product is a node of its own on the scalar tape.',
        },
        {
          label: 'About 100 times',
          why: 'Count the scalar tape’s nodes: one multiply and one add for each term of every matrix product.',
        },
        {
          label: 'About 3,000 times',
          why: (v) =>
            v.scalarNodes === undefined || v.tensorNodes === undefined
              ? 'Each matrix product is one tensor node and thousands of scalar ones.'
              : `${v.scalarNodes} scalar nodes against ${v.tensorNodes} tensor nodes: ${v.ratio === undefined ? 'thousands of times' : v.ratio} as many.`,
        },
      ],
      answer: 'About 3,000 times',
    },
    labSection: 'tensor',
    figure: retryable(() => import('./Chapter9.tsx')),
  },
  {
    number: 10,
    title: 'What frameworks hide',
    body: (
      <>
        <p>
          Frameworks such as PyTorch and JAX run this machinery for you. Its trades are hidden, but not gone.
        </p>
        <p>
          A <dfn>stop-gradient</dfn> treats one value as a constant, so the sweep ends there. Here it stops K steps
          from the end, and the tape shrinks.
        </p>
      </>
    ),
    question: {
      // K and the steps before it are the figure's window (10 and 30 where it starts); at K = T no step is cut, so the question names its own K.
      prompt: (v) =>
        v.before === '0'
          ? `K = ${v.window} reaches back to x₀, so no step is cut. At K = 10, what do the first 30 steps’ gradients become?`
          : `The sweep stops K = ${v.window ?? '10'} steps before the end. What do the first ${v.before ?? '30'} steps’ gradients become?`,
      choices: [
        {
          label: 'Exactly 0',
          why: (v) =>
            v.before === '0'
              ? 'No blame flows past the constant: every step before it gets exactly 0, not an approximation.'
              : `No blame flows past the constant: ${v.zeroed ?? 'all'} of the first ${v.before ?? '30'} steps’ gradients are exactly 0, not an approximation.`,
        },
        { label: 'Still exact', why: 'The sweep ends at the constant. Does any blame reach the steps before it?' },
        { label: 'Slightly off', why: 'Slightly off would mean a little blame gets past the constant. Does any?' },
      ],
      answer: 'Exactly 0',
    },
    labSection: 'tradeoffs',
    afterQuestion: (
      <p>
        Forward mode can be the cheaper one. Take one input, x₀ (N = 1), and the last M states as outputs. Forward
        mode carries each value’s derivative with respect to x₀ (a <dfn>Jacobian-vector product</dfn>): N + 1 = 2
        passes for any M. Reverse mode records once and sweeps once per output: M + 1.
      </p>
    ),
    figure: retryable(() => import('./Chapter10.tsx')),
  },
  {
    number: 11,
    title: 'The bugs you will meet',
    body: (
      <>
        <p>
          In PyTorch, <code>loss.backward()</code> is the sweep of chapter 2, and each parameter’s{' '}
          <code>.grad</code> holds its adjoint. Its common bugs are tape mistakes: here each runs on the 40-step
          chain’s real tape.
        </p>
        <p>
          <dfn>zero_grad()</dfn> sets every <code>.grad</code> back to 0. <dfn>detach()</dfn> gives a copy of a value
          that the tape treats as a constant: chapter 10’s stop-gradient. An <dfn>in-place</dfn> operation, such as{' '}
          <code>x.mul_(2)</code>, changes a value where it is stored instead of making a new one. By default the sweep
          frees the tape’s saved values as it passes them; <dfn>retain_graph</dfn>=True keeps them.
        </p>
      </>
    ),
    question: {
      prompt: 'A first training step calls backward() twice, without zero_grad(). What does .grad hold then?',
      choices: [
        {
          label: 'The right gradient',
          why: 'backward() adds into .grad (+=), as the sweep adds into an adjoint, and nothing here clears it between the two calls. What is in .grad when the second call starts?',
        },
        {
          label: 'Exactly twice the right gradient',
          why: (v) =>
            `Each call adds the same gradient into .grad${v.right && v.buggy ? `: ∂L/∂a₃₉ is ${v.buggy}, not ${v.right}` : ''}. A float added to itself is exact.`,
        },
        {
          label: 'About twice, with rounding noise',
          why: 'Think about what the second call adds: is it a different number, or the same one again? And does adding a float to itself round?',
        },
      ],
      answer: 'Exactly twice the right gradient',
    },
    labSection: 'bugs',
    figure: retryable(() => import('./Chapter11.tsx')),
  },
  {
    number: 12,
    title: 'Second derivatives',
    body: (
      <>
        <p>
          A <dfn>second derivative</dfn> is a derivative of a derivative: a slope’s rate of change. The loss’s
          second derivatives form a table, the <dfn>Hessian</dfn> H: entry (i, j) is ∂²L/∂θᵢ∂θⱼ, θ being the P
          parameters. Most uses need only H times one direction v: the{' '}
          <dfn>Hessian-vector product</dfn> H·v.
        </p>
        <p>
          A <dfn>dual number</dfn> is a value with a tangent beside it: its rate of change as the inputs move along
          v. Run the tape on dual numbers: the inputs’ adjoint tangents are H·v. That is{' '}
          <dfn>forward over reverse</dfn>.
        </p>
      </>
    ),
    question: {
      prompt: 'How many passes over the 40-step chain does one H·v take?',
      choices: [
        {
          label: '2, like one gradient',
          why: 'It records once and sweeps once, but each value carries a tangent, and forward mode counts a tangent as a pass.',
        },
        {
          label: '4: two runs, each on dual numbers',
          why: (v) =>
            `A recording and a sweep, each carrying a tangent${v.hvpWork && v.gradWork ? `: ${v.hvpWork} passes against ${v.gradWork} for one gradient` : ''}${v.dualBytes && v.plainBytes ? `, a tape of ${v.dualBytes}, not ${v.plainBytes}` : ''}. ` +
            'Time is measured apart.',
        },
        {
          label: '6,400, one per Hessian entry',
          why: 'H·v never builds the Hessian: the direction v rides along on dual numbers, beside each value of the tape.',
        },
      ],
      answer: '4: two runs, each on dual numbers',
    },
    afterQuestion: (
      <p>
        vᵀHv is the <dfn>curvature</dfn> along v: how fast the slope along v grows. Optimizers need only H·v, never
        H itself.
      </p>
    ),
    labSection: 'hvp',
    figure: retryable(() => import('./Chapter12.tsx')),
  },
  {
    number: 13,
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
          <li>
            <a href="#go=bugs">Bugs you will meet</a>: switch each one on the chain.
          </li>
        </ul>
      </>
    ),
    wide: 'words',
    labSection: 'work',
    figure: retryable(() => import('./Chapter13.tsx')),
  },
];

/** The chapter numbered `n` (1 … CHAPTERS.length). */
export const chapterRow = (n: number): ChapterRow => CHAPTERS[n - 1];
