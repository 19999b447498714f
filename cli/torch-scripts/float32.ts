import { chainPreamble, header, LAST_LINE, py } from './common.ts';

/** float32: the central-difference gradient in float32 and in float64, each at its own best step h. */
export function float32Script(steps: number, h64: number, h32: number): string {
  return `${header('float32', 'a finite-difference gradient check in float32')}${chainPreamble(steps)}
H64 = ${py(h64)}  # the lab's best h in float64 (the bottom of its error V)
H32 = ${py(h32)}  # the lab's best h in float32: rounding error eps*|L|/h is 5e8 times larger


def loss_at(dtype, which=None, t=None, shift=0.0):
    """The loss in the given precision, with a_t or b_t moved by shift (in that precision)."""
    x0, a, b, c = parameters(dtype)
    with torch.no_grad():
        if which is not None:
            p = (a if which == "a" else b)[t]
            p += torch.tensor(shift, dtype=dtype)
        loss, _ = forward(x0, a, b, c)
    return loss


def central_differences(dtype, h):
    """(L(theta + h) - L(theta - h)) / 2h for every a_t and b_t, every operation in dtype."""
    h = torch.tensor(h, dtype=dtype)
    g = {"a": [], "b": []}
    for which in ("a", "b"):
        for t in range(T):
            plus = loss_at(dtype, which, t, h.item())
            minus = loss_at(dtype, which, t, -h.item())
            g[which].append(((plus - minus) / (2 * h)).item())
    return g


# The fix: gradcheck in float64 (torch.autograd.gradcheck wants it), at h near 1e-6.
correct = {"gradient": central_differences(torch.float64, H64), "bestEps": H64}
show("correct (float64)", correct["gradient"])

# The bug: the same check in float32; its error floor is far higher.
buggy = {"gradient": central_differences(torch.float32, H32), "bestEps": H32}
show("buggy (float32)", buggy["gradient"])

# Both against the exact gradient by reverse mode (float64).
x0, a, b, c = parameters()
loss, _ = forward(x0, a, b, c)
loss.backward()
exact = gradient(a, b)
for name, g in (("float64", correct["gradient"]), ("float32", buggy["gradient"])):
    diffs = [u - v for k in ("a", "b") for u, v in zip(g[k], exact[k])]
    rms = math.sqrt(sum(d * d for d in diffs) / len(diffs))
    print(f"{name}: RMS error against reverse mode {rms:.2g}")
${LAST_LINE}`;
}
