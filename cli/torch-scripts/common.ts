import { DEFAULT_C, DEFAULT_TARGET, DEFAULT_X0, WOBBLE_AMPLITUDE, WOBBLE_RATE } from '../../engine/chain.ts';

/** A number as Python reads it back exactly (JavaScript's shortest round-trip form is Python's too). */
export const py = (x: number): string => (Number.isInteger(x) ? x.toFixed(1) : String(x));

/** The opening every script shares: what it is, how it reports, and the imports. */
export function header(name: string, what: string, imports: string[] = []): string {
  return `"""${name}: ${what}

Tape Lab's \`bugs\` command shows this bug on its own tape. This script does the
same in PyTorch, with the same numbers: it runs the buggy code and the fix and
prints what each gives. Its last line is one JSON object with the keys of the
"correct" and "buggy" blocks of \`tape-lab bugs --json\` for ${name}.

Written for PyTorch 1.13 (Debian's python3-torch); run it with python3.
"""
import json
${['math', ...imports].sort().map((m) => `import ${m}`).join('\n')}

import torch
`;
}

/** The chain of the lab in PyTorch, op for op as its tape records it (engine/chain.ts). */
export function chainPreamble(steps: number): string {
  return `
torch.set_default_dtype(torch.float64)  # the lab computes in float64

T = ${steps}  # steps of the chain
C = ${py(DEFAULT_C)}  # c, the weight of the rational term, shared by every step
X0 = ${py(DEFAULT_X0)}  # x_0, the initial state
TARGET = ${py(DEFAULT_TARGET)}  # y in the loss L = (x_T - y)^2 / 2


def parameters(dtype=torch.float64):
    """Fresh inputs x_0, a_t, b_t and c, each with requires_grad=True (the lab's default values)."""
    x0 = torch.tensor(X0, dtype=dtype)
    a = [torch.tensor(0.75 + 0.1 * math.sin(0.7 * t + 0.3), dtype=dtype) for t in range(T)]
    b = [torch.tensor(0.2 * math.cos(0.45 * t), dtype=dtype) for t in range(T)]
    c = torch.tensor(C, dtype=dtype)
    for p in [x0, *a, *b, c]:
        p.requires_grad_()
    return x0, a, b, c


def step(t, x, a, b, c):
    """x_{t+1} = tanh(a x + b) + c x / (1 + x^2) + ${WOBBLE_AMPLITUDE} sin(${WOBBLE_RATE} (t + 1) x).

    The lab's twelve ops, in the order its tape records them.
    """
    squash = torch.tanh(a * x + b)
    rational = (c * x) / (torch.square(x) + 1)
    wobble = torch.sin(x * (${WOBBLE_RATE} * (t + 1))) * ${WOBBLE_AMPLITUDE}
    return squash + rational + wobble


def forward(x0, a, b, c):
    """The loss L = (x_T - y)^2 / 2 and the states x_0 ... x_T."""
    xs = [x0]
    for t in range(T):
        xs.append(step(t, xs[-1], a[t], b[t], c))
    loss = torch.square(xs[-1] - TARGET) * 0.5
    return loss, xs


def gradient(a, b):
    """dL/da_t and dL/db_t from .grad (0 where no gradient arrived), as the lab prints them."""
    def value(p):
        return 0.0 if p.grad is None else p.grad.item()
    return {"a": [value(p) for p in a], "b": [value(p) for p in b]}


def show(label, g):
    """The first, middle and last dL/da_t, as \`tape-lab bugs\` prints them."""
    entries = [f"dL/da_{t} = {g['a'][t]:.8g}" for t in (0, T // 2, T - 1)]
    print(f"{label}: " + ", ".join(entries))
`;
}

/** Tracks the tensors autograd saves for backward and how many bytes of them are still alive. */
export const SAVED_TENSORS = `

class SavedTensors:
    """Counts the bytes of the tensors autograd saves for backward that are still alive.

    Inside \`with saved:\` every tensor a backward node saves passes through pack();
    we hand autograd a small holder instead, and weakref tells us when autograd
    drops it (a backward frees it, or the graph goes). Each tensor is counted once
    however many nodes save it; the caller's own tensors (inputs, parameters,
    data) are left out, since they stay alive anyway.
    """

    def __init__(self, owned):
        self.owned = {t.data_ptr() for t in owned}
        self.alive = {}  # data_ptr -> [holders alive, bytes]
        self.hooks = torch.autograd.graph.saved_tensors_hooks(self.pack, self.unpack)

    def pack(self, tensor):
        holder = Holder(tensor)
        key = tensor.data_ptr()
        if key not in self.owned:
            entry = self.alive.setdefault(key, [0, tensor.numel() * tensor.element_size()])
            entry[0] += 1
            weakref.finalize(holder, self.release, key)
        return holder

    def unpack(self, holder):
        return holder.tensor

    def release(self, key):
        self.alive[key][0] -= 1
        if self.alive[key][0] == 0:
            del self.alive[key]

    def bytes(self):
        return sum(size for _, size in self.alive.values())

    def __enter__(self):
        self.hooks.__enter__()
        return self

    def __exit__(self, *exc):
        self.hooks.__exit__(*exc)


class Holder:
    """What autograd keeps in place of a saved tensor (weakref needs an object of our own)."""

    def __init__(self, tensor):
        self.tensor = tensor
`;

/** The printed JSON line every script ends with. */
export const LAST_LINE = `

# The last line: the keys of this bug's "correct" and "buggy" blocks in \`tape-lab bugs --json\`.
print(json.dumps({"correct": correct, "buggy": buggy}))
`;
