import { chainPreamble, header, LAST_LINE } from './common.ts';
import type { ChainPlaces } from './chain.ts';

/**
 * A reverse sweep written by hand over PyTorch's own recorded graph: each node's backward rule is
 * PyTorch's (calling the node), the bookkeeping is the script's, as in a hand-written autograd.
 */
const HAND_SWEEP = `

def sweep_order(root):
    """The graph's nodes from the loss back, each after every node that uses its output.

    Among the nodes that are ready it takes the one found last, which visits them in
    the reverse of the order the forward pass recorded them, as the lab's tape does.
    """
    users = {}
    stack, seen = [root], {root}
    while stack:
        node = stack.pop()
        for parent, _ in node.next_functions:
            if parent is not None:
                users[parent] = users.get(parent, 0) + 1
                if parent not in seen:
                    seen.add(parent)
                    stack.append(parent)
    order, ready = [], [root]
    while ready:
        node = ready.pop()
        order.append(node)
        for parent, _ in node.next_functions:
            if parent is not None:
                users[parent] -= 1
                if users[parent] == 0:
                    ready.append(parent)
    return order


def is_input(node):
    """An input's node (AccumulateGrad): the sweep ends there, and its gradient stays."""
    return hasattr(node, "variable")


def local_gradients(node, grad):
    """The node's own backward rule: the gradients of its inputs, given its output's."""
    out = node(grad)
    return out if isinstance(out, tuple) else (out,)
`;

/** overwrite: a hand-written sweep that writes = where it should add +=. */
export function overwriteScript(p: ChainPlaces): string {
  return `${header('overwrite', "= instead of += in a hand-written backward (micrograd's _backward)")}${chainPreamble(p.steps)}${HAND_SWEEP}

def hand_backward(loss, overwrite):
    """Every input's gradient by a hand-written sweep.

    += adds up the share of each use of a value; = keeps only the last one written.
    """
    grads = {loss.grad_fn: torch.tensor(1.0)}
    with torch.no_grad():
        for node in sweep_order(loss.grad_fn):
            if is_input(node):
                node.variable.grad = grads[node]
                continue
            for (parent, _), g in zip(node.next_functions, local_gradients(node, grads[node])):
                if parent is None:
                    continue
                if overwrite or parent not in grads:
                    grads[parent] = g  # the bug when parent is used more than once
                else:
                    grads[parent] = grads[parent] + g  # the fix: accumulate


# The fix: +=, as autograd does (the same as loss.backward()).
x0, a, b, c = parameters()
loss, _ = forward(x0, a, b, c)
hand_backward(loss, overwrite=False)
correct = {"gradient": gradient(a, b)}
show("correct", correct["gradient"])
auto = torch.autograd.grad(loss, a)  # PyTorch's own sweep, for comparison
agree = all(abs(g.item() - v) <= 1e-12 * abs(v) for g, v in zip(auto, correct["gradient"]["a"]))
print("same as PyTorch's own backward:", agree)

# The bug: x_t is used four times in step t and c in every step; = keeps one use each.
x0, a, b, c = parameters()
loss, _ = forward(x0, a, b, c)
hand_backward(loss, overwrite=True)
buggy = {"gradient": gradient(a, b)}
show("buggy", buggy["gradient"])
${LAST_LINE}`;
}

/** free-late: a hand-written sweep that frees saved tensors and gradients only when it returns. */
export function freeLateScript(p: ChainPlaces): string {
  return `${header('free-late', 'saved values and gradients freed only when backward returns')}${chainPreamble(p.steps)}${HAND_SWEEP}
BYTES = 8  # one float64 number: every saved tensor and every gradient here is 0-d


def saved_by(node, owned):
    """The tensors a node saved for its rule (its _saved_ attributes), the caller's left out."""
    keys = set()
    for name in dir(node):
        if name.startswith("_saved_"):
            value = getattr(node, name)
            if isinstance(value, torch.Tensor) and value.data_ptr() not in owned:
                keys.add(value.data_ptr())
    return keys


def peak_bytes(loss, inputs, free_late):
    """The most bytes of saved tensors and gradients a hand-written sweep holds at once."""
    owned = {p.data_ptr() for p in inputs}
    order = sweep_order(loss.grad_fn)
    saved = {node: saved_by(node, owned) for node in order if not is_input(node)}
    users = {}  # saved tensor -> nodes that still need it
    for keys in saved.values():
        for key in keys:
            users[key] = users.get(key, 0) + 1
    held = BYTES * len(users) + BYTES  # the saved tensors, and the loss's gradient (1)
    peak = held
    grads = {loss.grad_fn: torch.tensor(1.0)}
    with torch.no_grad():
        for node in order:
            if is_input(node):
                continue  # an input's gradient stays: it is the result
            for (parent, _), g in zip(node.next_functions, local_gradients(node, grads[node])):
                if parent is None:
                    continue
                if parent not in grads:
                    grads[parent] = g
                    held += BYTES  # a new gradient buffer
                    peak = max(peak, held)
                else:
                    grads[parent] = grads[parent] + g
            if not free_late:
                # The fix: passed, this node's gradient and each tensor only it still needed can go.
                held -= BYTES
                del grads[node]
                for key in saved[node]:
                    users[key] -= 1
                    if users[key] == 0:
                        held -= BYTES
    return peak


# The fix: free as the sweep passes (as PyTorch's own backward does).
x0, a, b, c = parameters()
loss, _ = forward(x0, a, b, c)
correct = {"bytes": peak_bytes(loss, [x0, *a, *b, c], free_late=False)}
print(f"peak, freed as the sweep passes: {correct['bytes']} bytes")

# The bug: everything kept until the sweep returns.
x0, a, b, c = parameters()
loss, _ = forward(x0, a, b, c)
buggy = {"bytes": peak_bytes(loss, [x0, *a, *b, c], free_late=True)}
print(f"peak, freed at the end: {buggy['bytes']} bytes")
${LAST_LINE}`;
}
