import { py } from './common.ts';
import { header, LAST_LINE, SAVED_TENSORS } from './common.ts';

/** What the training scripts need: the tensor section's default network and run. */
export interface TrainingPlaces {
  steps: number;
  hidden: number;
  points: number;
  learningRate: number;
  seed: number;
  dataSeed: number;
}

/**
 * The tensor section's network and data in PyTorch, number for number: the same PRNG
 * (mulberry32), the same moons, the same He initialisation (engine/tensor).
 */
export function networkPreamble(p: TrainingPlaces): string {
  return `
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)  # the lab computes in float64

STEPS = ${p.steps}  # training steps, as in the tensor section
HIDDEN = ${p.hidden}  # hidden units of the 2 -> H -> 2 network
POINTS = ${p.points}  # points in the data set; every step uses all of them
LEARNING_RATE = ${py(p.learningRate)}


def mulberry32(seed):
    """The lab's PRNG: uniform numbers in [0, 1) from a 32-bit seed."""
    state = seed & 0xFFFFFFFF

    def imul(x, y):
        return (x * y) & 0xFFFFFFFF

    def uniform():
        nonlocal state
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = imul(state ^ (state >> 15), state | 1)
        t ^= (t + imul(t ^ (t >> 7), t | 61)) & 0xFFFFFFFF
        return (t ^ (t >> 14)) / 4294967296

    return uniform


def gaussian(uniform):
    """Standard normal numbers (Box-Muller), as the lab draws them."""
    def draw():
        u = 1 - uniform()
        v = uniform()
        return math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * v)
    return draw


def moons(n, seed, noise=0.1):
    """Two interleaving half circles, the first ceil(n/2) points of class 0."""
    g = gaussian(mulberry32(seed))
    half = (n + 1) // 2
    points, labels = [], []
    for i in range(n):
        label = 0 if i < half else 1
        k, m = (i, half) if label == 0 else (i - half, n - half)
        theta = math.pi * k / (m - 1) if m > 1 else 0
        x = math.cos(theta) if label == 0 else 1 - math.cos(theta)
        y = math.sin(theta) if label == 0 else 0.5 - math.sin(theta)
        px = x - 0.5 + noise * g()
        py = y - 0.25 + noise * g()
        points.append([px, py])
        labels.append(label)
    return torch.tensor(points), torch.tensor(labels)


def network(seed):
    """He initialisation: N(0, 2 / fan-in) weights, zero biases."""
    g = gaussian(mulberry32(seed))

    def normal(rows, cols):
        sigma = math.sqrt(2 / rows)
        values = [[sigma * g() for _ in range(cols)] for _ in range(rows)]
        return torch.tensor(values, requires_grad=True)

    w1 = normal(2, HIDDEN)
    b1 = torch.zeros(1, HIDDEN, requires_grad=True)
    w2 = normal(HIDDEN, 2)
    b2 = torch.zeros(1, 2, requires_grad=True)
    return [w1, b1, w2, b2]


X, Y = moons(POINTS, ${p.dataSeed})


def loss_fn(params):
    """Mean softmax cross-entropy of relu(X W1 + b1) W2 + b2 over the whole data set."""
    w1, b1, w2, b2 = params
    return F.cross_entropy(torch.relu(X @ w1 + b1) @ w2 + b2, Y)


def sgd_step(params, zero_grad=True):
    """loss.backward() and theta <- theta - lr * theta.grad; returns the loss."""
    if zero_grad:
        for p in params:
            p.grad = None  # what optimizer.zero_grad() does
    loss = loss_fn(params)
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= LEARNING_RATE * p.grad
    return loss
`;
}

/** graph-alive: a running total kept as a tensor, with backward every step and without backward. */
export function graphAliveScript(p: TrainingPlaces): string {
  return `${header('graph-alive', 'a running total of the loss kept as a tensor', ['weakref'])}${networkPreamble(p)}${SAVED_TENSORS}

def nodes_alive(total):
    """Autograd nodes reachable from the total: what its graph keeps alive."""
    if not isinstance(total, torch.Tensor) or total.grad_fn is None:
        return 0
    seen, stack = {total.grad_fn}, [total.grad_fn]
    while stack:
        for parent, _ in stack.pop().next_functions:
            if parent is not None and parent not in seen:
                seen.add(parent)
                stack.append(parent)
    return len(seen)


def training(keep_tensor):
    """STEPS steps of training; the total of the losses kept as a tensor or as a number."""
    params = network(${p.seed})
    with SavedTensors([X, Y, *params]) as saved:
        total = 0
        for _ in range(STEPS):
            loss = sgd_step(params)
            total += loss if keep_tensor else loss.item()
        return {"bytes": saved.bytes(), "nodes": nodes_alive(total)}


def evaluation(no_grad):
    """STEPS forward passes that never call backward, the total kept as a tensor."""
    params = network(${p.seed})
    with SavedTensors([X, Y, *params]) as saved:
        total = 0
        for _ in range(STEPS):
            if no_grad:
                with torch.no_grad():
                    total += loss_fn(params)
            else:
                total += loss_fn(params)
        return {"bytes": saved.bytes(), "nodes": nodes_alive(total)}


def show(label, r):
    print(f"{label}: {r['nodes']} nodes alive, {r['bytes']} bytes of saved tensors")


# Training, backward every step. The bug: total += loss. Each backward frees its
# step's saved tensors, but the total's graph keeps every step's nodes alive.
buggy = training(keep_tensor=True)
# The fix: total += loss.item(), a number, so each step's graph goes.
correct = training(keep_tensor=False)
show("training, total += loss", buggy)
show("training, total += loss.item()", correct)

# Evaluation, no backward. The bug: nothing frees the saved tensors, so every
# forward's stay alive through the total. The fix: torch.no_grad() records no graph.
buggy["evaluation"] = evaluation(no_grad=False)
correct["evaluation"] = evaluation(no_grad=True)
show("evaluation, no torch.no_grad()", buggy["evaluation"])
show("evaluation, torch.no_grad()", correct["evaluation"])
${LAST_LINE}`;
}
