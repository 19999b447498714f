/**
 * Classic worked examples of backpropagation, each with its source and the numbers the source
 * publishes, so the page can show them beside the ones the tape computes (and a test can check
 * they agree: test/engine/expr/gallery.test.ts).
 */
export interface GalleryExample {
  readonly id: string;
  readonly title: string;
  /** The program or expression, in this lab's syntax (a micrograd program as printed). */
  readonly program: string;
  /** Values of the inputs the program does not declare with Value(…). */
  readonly at: Readonly<Record<string, number>>;
  /** Who published it, where. */
  readonly source: { readonly author: string; readonly work: string; readonly url: string };
  /** The numbers as published, and how many decimals the source prints. */
  readonly published: {
    /** The output's value, when the source gives it. */
    readonly value?: number;
    /** ∂output/∂input, by input name. */
    readonly gradient: Readonly<Record<string, number>>;
    /** A forward tangent the source gives: ∂output/∂wrt. */
    readonly tangent?: { readonly wrt: string; readonly value: number };
    readonly decimals: number;
    /** Where in the source the numbers are printed, or how they were had when it prints none. */
    readonly note?: string;
  };
  /** What to look at, in a sentence or two. */
  readonly explanation: string;
}

/** CS231n's notes "Backpropagation, Intuitions" (cs231n.github.io/optimization-2/), one section of them. */
const cs231n = (section: string, anchor: string) => ({
  author: 'Andrej Karpathy, Stanford CS231n',
  work: `Backpropagation, Intuitions, “${section}”`,
  url: `https://cs231n.github.io/optimization-2/#${anchor}`,
});

export const GALLERY: readonly GalleryExample[] = [
  {
    id: 'cs231n-circuit',
    title: 'CS231n: the circuit (x + y)·z',
    program: 'q = x + y\nf = q * z',
    at: { x: -2, y: 5, z: -4 },
    source: cs231n('Compound expressions with chain rule', 'backprop'),
    published: { value: -12, gradient: { x: -4, y: -4, z: 3 }, decimals: 0, note: 'From the section’s code comments and its circuit figure.' },
    explanation: 'The add gate passes its gradient to both inputs unchanged; the multiply gate gives each input the other input’s value times the gradient: ∂f/∂z = q = 3, ∂f/∂q = z = −4.',
  },
  {
    id: 'cs231n-neuron',
    title: 'CS231n: a sigmoid neuron',
    program: 'dot = w0*x0 + w1*x1 + w2\nf = 1 / (1 + exp(-dot))',
    at: { w0: 2, x0: -1, w1: -3, x1: -2, w2: -3 },
    source: cs231n('Modularity: Sigmoid example', 'sigmoid'),
    published: {
      value: 0.73,
      gradient: { w0: -0.2, x0: 0.39, w1: -0.39, x1: -0.59, w2: 0.2 },
      decimals: 2,
      note: 'From the section’s circuit figure, which prints two decimals.',
    },
    explanation: 'The sigmoid’s local gradient is (1 − f)·f ≈ 0.2; each weight gets its input times that, each input its weight times that.',
  },
  {
    id: 'cs231n-gates',
    title: 'CS231n: add, multiply and max gates',
    program: '2*(x*y + max(z, w))',
    at: { x: 3, y: -4, z: 2, w: -1 },
    source: cs231n('Patterns in backward flow', 'patterns'),
    published: { value: -20, gradient: { x: -8, y: 6, z: 2, w: 0 }, decimals: 2, note: 'From the section’s example circuit, which prints two decimals.' },
    explanation: 'The max gate routes the whole gradient to the larger input (z) and none to the other (w); at a tie this lab, like torch.maximum, splits it in half.',
  },
  {
    id: 'colah',
    title: 'colah: e = (a + b)·(b + 1)',
    program: 'c = a + b\nd = b + 1\ne = c * d',
    at: { a: 2, b: 1 },
    source: {
      author: 'Christopher Olah',
      work: 'Calculus on Computational Graphs: Backpropagation (2015), “Computational Graphs” and “Derivatives on Computational Graphs”',
      url: 'https://colah.github.io/posts/2015-08-Backprop/#derivatives-on-computational-graphs',
    },
    published: {
      value: 6,
      gradient: { a: 2, b: 5 },
      decimals: 0,
      note: 'The post evaluates e at a = 2, b = 1 and writes each derivative as a sum over paths: ∂e/∂a = 1·2, ∂e/∂b = 1·2 + 1·3.',
    },
    explanation: 'b reaches e along two paths, through c and through d: its derivative is the sum over paths, 1·2 + 1·3 = 5.',
  },
  {
    id: 'baydin',
    title: 'Baydin et al.: ln(x1) + x1·x2 − sin(x2)',
    program: 'v1 = ln(x1)\nv2 = x1 * x2\nv3 = sin(x2)\nv4 = v1 + v2\nv5 = v4 - v3',
    at: { x1: 2, x2: 5 },
    source: {
      author: 'Baydin, Pearlmutter, Radul and Siskind',
      work: 'Automatic Differentiation in Machine Learning: a Survey (JMLR 18(153), 2018), section 3.1, table 2 (forward mode) and section 3.2, table 3 (reverse mode)',
      url: 'https://jmlr.org/papers/v18/17-468.html',
    },
    published: {
      value: 11.652,
      gradient: { x1: 5.5, x2: 1.716 },
      tangent: { wrt: 'x1', value: 5.5 },
      // Not checked against the survey's text (not at hand when the citation was made precise):
      // these are the numbers commonly quoted from its tables 2 and 3.
      decimals: 3,
    },
    explanation: 'The survey’s own statements, so the evaluation traces below match its tables row for row: the forward tangent trace with ẋ1 = 1 gives ∂y/∂x1 = 5.5, the reverse trace gives both partials in one sweep.',
  },
  {
    id: 'micrograd-readme',
    title: 'micrograd: the README example',
    program: `from micrograd.engine import Value

a = Value(-4.0)
b = Value(2.0)
c = a + b
d = a * b + b**3
c += c + 1
c += 1 + c + (-a)
d += d * 2 + (b + a).relu()
d += 3 * d + (b - a).relu()
e = c - d
f = e**2
g = f / 2.0
g += 10.0 / f
print(f'{g.data:.4f}') # prints 24.7041, the outcome of this forward pass
g.backward()
print(f'{a.grad:.4f}') # prints 138.8338, i.e. the numerical value of dg/da
print(f'{b.grad:.4f}') # prints 645.5773, i.e. the numerical value of dg/db`,
    at: {},
    source: { author: 'Andrej Karpathy', work: 'micrograd, README.md, “Example usage” (the printed comments)', url: 'https://github.com/karpathy/micrograd#example-usage' },
    published: { value: 24.7041, gradient: { a: 138.8338, b: 645.5773 }, decimals: 4 },
    explanation: 'Pasted as printed: the print and backward lines are skipped, c and d are rebound (c, c′, c″), and g.backward() names the output.',
  },
  {
    id: 'micrograd-sanity',
    title: 'micrograd: test_sanity_check',
    program: 'x = Value(-4.0)\nz = 2 * x + 2 + x\nq = z.relu() + z * x\nh = (z * z).relu()\ny = h + q + q * x\ny.backward()',
    at: {},
    source: { author: 'Andrej Karpathy', work: 'micrograd, test/test_engine.py, test_sanity_check', url: 'https://github.com/karpathy/micrograd/blob/c911406e5ace8742e5841a7e0df113ecb5d54685/test/test_engine.py#L4' },
    published: {
      value: -20,
      gradient: { x: 46 },
      decimals: 0,
      note: 'The test prints no numbers: it asserts that micrograd and PyTorch agree exactly. These are worked by hand: z = −10, q = 40, h = 100, y = −20, dy/dx = 46.',
    },
    explanation: 'z is negative, so z.relu() passes no gradient while (z·z).relu() passes all of it; q is used twice, so its adjoint sums two contributions.',
  },
  {
    id: 'zero-to-hero-neuron',
    title: 'Zero to Hero: the neuron tanh(x1·w1 + x2·w2 + b)',
    program: `x1 = Value(2.0, label='x1')
x2 = Value(0.0, label='x2')
w1 = Value(-3.0, label='w1')
w2 = Value(1.0, label='w2')
b = Value(6.8813735870195432, label='b')
x1w1 = x1*w1; x1w1.label = 'x1*w1'
x2w2 = x2*w2; x2w2.label = 'x2*w2'
x1w1x2w2 = x1w1 + x2w2; x1w1x2w2.label = 'x1*w1 + x2*w2'
n = x1w1x2w2 + b; n.label = 'n'
o = n.tanh(); o.label = 'o'`,
    at: {},
    source: {
      author: 'Andrej Karpathy',
      work: 'Neural Networks: Zero to Hero, lecture 1 (micrograd), micrograd_lecture_first_half_roughly.ipynb, the neuron cell and its draw_dot(o) output',
      url: 'https://github.com/karpathy/nn-zero-to-hero/blob/master/lectures/micrograd/micrograd_lecture_first_half_roughly.ipynb',
    },
    published: {
      value: 0.7071,
      gradient: { x1: -1.5, x2: 0.5, w1: 1, w2: 0, b: 0.5 },
      decimals: 4,
      note: 'From the notebook’s draw_dot(o) figure of the neuron, which prints four decimals.',
    },
    explanation: 'b is chosen so that n ≈ 0.8814 and tanh n = 1/√2: the local gradient 1 − o² is exactly 0.5. x2 = 0, so w2 gets no gradient.',
  },
];

/** Whether `computed` agrees with `published` as printed with `decimals` decimals (half a unit in the last place, and a hair for rounding). */
export function agreesWithPublished(computed: number, published: number, decimals: number): boolean {
  return Math.abs(computed - published) <= 0.5 * 10 ** -decimals + 1e-12;
}
