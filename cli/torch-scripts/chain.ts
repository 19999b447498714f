import { IN_PLACE_FACTOR } from '../../engine/index.ts';
import { chainPreamble, header, LAST_LINE, py, SAVED_TENSORS } from './common.ts';

/** Where the chain bugs act: the chain's steps, the detached state and the state changed in place. */
export interface ChainPlaces {
  steps: number;
  detachStep: number;
  inPlaceStep: number;
}

/** zero-grad: two backward passes into .grad, cleared between them or not. */
export function zeroGradScript(p: ChainPlaces): string {
  return `${header('zero-grad', 'two backward() calls without zero_grad()')}${chainPreamble(p.steps)}

# The fix: optimizer.zero_grad() before each backward(), so .grad holds one gradient.
x0, a, b, c = parameters()
optimizer = torch.optim.SGD([x0, *a, *b, c], lr=0.1)  # only its zero_grad() is used
for _ in range(2):
    optimizer.zero_grad()
    loss, _ = forward(x0, a, b, c)
    loss.backward()
correct = {"gradient": gradient(a, b)}
show("correct", correct["gradient"])

# The bug: backward() adds into .grad (+=) and nothing clears it in between.
x0, a, b, c = parameters()
for _ in range(2):
    loss, _ = forward(x0, a, b, c)
    loss.backward()
buggy = {"gradient": gradient(a, b)}
show("buggy", buggy["gradient"])
twice = all(w == 2 * r for w, r in zip(buggy["gradient"]["a"], correct["gradient"]["a"]))
print("every dL/da_t exactly twice the right one:", twice)
${LAST_LINE}`;
}

/** detach: x_s detached while the chain is recorded. */
export function detachScript(p: ChainPlaces): string {
  const s = p.detachStep;
  return `${header('detach', `x_${s} detached in the middle of the chain`)}${chainPreamble(p.steps)}
DETACH_AT = ${s}  # the state x_${s} enters step ${s} detached


def forward_detached(x0, a, b, c):
    """The chain with x_${s} detached: the tape records every step, but x_${s} enters as a constant."""
    x = x0
    for t in range(T):
        if t == DETACH_AT:
            x = x.detach()  # the bug
        x = step(t, x, a[t], b[t], c)
    return torch.square(x - TARGET) * 0.5


# The fix: no detach, the gradient flows back through every step.
x0, a, b, c = parameters()
loss, _ = forward(x0, a, b, c)
loss.backward()
correct = {"gradient": gradient(a, b)}
show("correct", correct["gradient"])

# The bug: the sweep stops at x_${s}; a_t and b_t for t < ${s} get no gradient (0).
x0, a, b, c = parameters()
forward_detached(x0, a, b, c).backward()
buggy = {"gradient": gradient(a, b)}
show("buggy", buggy["gradient"])
print("entries that are 0:", sum(v == 0 for v in buggy["gradient"]["a"] + buggy["gradient"]["b"]))
${LAST_LINE}`;
}

/** in-place: a saved state scaled in place after recording. */
export function inPlaceScript(p: ChainPlaces): string {
  const s = p.inPlaceStep;
  const k = py(IN_PLACE_FACTOR);
  return `${header('in-place', `x_${s}, saved for backward, changed in place`)}${chainPreamble(p.steps)}
S = ${s}  # x_${s} is saved by step ${s}'s a*x, c*x and x^2 for their backward rules
FACTOR = ${k}

# The fix: a new tensor. The graph keeps the x_${s} it saved, untouched.
x0, a, b, c = parameters()
loss, xs = forward(x0, a, b, c)
xs[S] = xs[S] * FACTOR
loss.backward()
correct = {"gradient": gradient(a, b)}
show("correct", correct["gradient"])

# The bug: mul_ changes x_${s} where it is stored. Its version counter goes from 0
# to 1, and backward() refuses to read a saved tensor that changed.
x0, a, b, c = parameters()
loss, xs = forward(x0, a, b, c)
xs[S].mul_(FACTOR)
try:
    loss.backward()
    error = None
except RuntimeError as e:
    error = str(e)
print("RuntimeError:", error)

# What the sweep would give without the check: .data changes the same storage but
# hides the change from the version counter, so backward() runs and silently
# multiplies by the wrong x_${s}. (This is why .data is a bug of its own.)
x0, a, b, c = parameters()
loss, xs = forward(x0, a, b, c)
xs[S].data.mul_(FACTOR)
loss.backward()
buggy = {"gradient": gradient(a, b), "error": error}
show("unchecked", buggy["gradient"])
${LAST_LINE}`;
}

/** retain-graph: a second backward over a freed graph, and what retaining it costs. */
export function retainGraphScript(p: ChainPlaces): string {
  return `${header('retain-graph', 'a second backward() through the same graph', ['weakref'])}${chainPreamble(p.steps)}${SAVED_TENSORS}

# The fix: retain_graph=True keeps the saved tensors for a second sweep.
x0, a, b, c = parameters()
with SavedTensors([x0, *a, *b, c]) as saved:
    loss, _ = forward(x0, a, b, c)
print(f"saved for backward: {saved.bytes()} bytes")
loss.backward(retain_graph=True)
kept = saved.bytes()  # still held between the two sweeps
for p in [x0, *a, *b, c]:
    p.grad = None  # so the second sweep's gradient stands alone
loss.backward()
print(f"kept between the two sweeps: {kept} bytes")
print(f"after the second (plain) backward: {saved.bytes()} bytes")
correct = {"gradient": gradient(a, b), "bytes": kept}
show("correct", correct["gradient"])

# The bug: the first backward() freed the saved tensors; the second one is refused.
x0, a, b, c = parameters()
loss, _ = forward(x0, a, b, c)
loss.backward()
try:
    loss.backward()
    error = None
except RuntimeError as e:
    error = str(e)
print("RuntimeError:", error)
buggy = {"error": error}
${LAST_LINE}`;
}
