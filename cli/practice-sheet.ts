import {
  answerFields,
  edgePartial,
  explainBug,
  show4,
  type AdjointsProblem,
  type BugProblem,
  type PracticeNode,
  type PracticeProblem,
  type RuleProblem,
} from '../engine/index.ts';

/** A number as the sheet prints it: four significant digits, ASCII minus. */
const n4 = (x: number): string => show4(x, true);

/** "x = 0.5, y = -2". */
function point(at: Record<string, number>): string {
  return Object.entries(at)
    .map(([k, v]) => `${k} = ${n4(v)}`)
    .join(', ');
}

/** A node's local partials: "∂v5/∂v3 = -4, ∂v5/∂v0 = -10"; a value read twice, one per read: "∂v7/∂v3 = -10 and -10, one per read". */
function localPartials(node: PracticeNode): string {
  if (node.readPartials) return `∂${node.id}/∂${node.inputs[0]} = ${node.readPartials.map(n4).join(' and ')}, one per read`;
  return node.inputs.map((id, slot) => `∂${node.id}/∂${id} = ${n4(edgePartial(node, slot))}`).join(', ');
}

/** The tape as a Markdown table: node, op, inputs, value, local partials. */
function nodeTable(p: AdjointsProblem | BugProblem): string[] {
  const names = Object.keys(p.at);
  const op = (node: PracticeNode, i: number): string => (node.op === 'input' ? `input ${names[i]}` : node.op);
  return [
    '| node | op | inputs | value | local partials |',
    '| --- | --- | --- | ---: | --- |',
    ...p.nodes.map(
      (node, i) =>
        `| ${node.id} | ${op(node, i)} | ${node.inputs.join(', ')} | ${n4(node.value)} | ${localPartials(node)} |`,
    ),
  ];
}

function adjointsProblemText(p: AdjointsProblem): string[] {
  // A program of several lines is shown as a code block; f is its output.
  const f = p.expression.includes('\n') ? ['```', p.expression, '```', `f is its output, at ${point(p.at)}`] : [`f = \`${p.expression}\` at ${point(p.at)}`];
  return [
    ...f,
    '',
    ...nodeTable(p),
    '',
    `Write the adjoint ∂f/∂v of every node, in sweep order: ${answerFields(p).join(', ')}. Then ∂f/∂${Object.keys(p.at).join(', ∂f/∂')}.`,
  ];
}

function adjointsKeyText(p: AdjointsProblem): string[] {
  return [
    '| node | adjoint |',
    '| --- | ---: |',
    ...answerFields(p).map((id) => `| ${id} | ${n4(p.answer.adjoints[id])} |`),
    '',
    `Gradient: ${Object.entries(p.answer.gradient)
      .map(([k, v]) => `∂f/∂${k} = ${n4(v)}`)
      .join(', ')}`,
  ];
}

function ruleProblemText(p: RuleProblem): string[] {
  const f = `f(${p.variables.join(', ')}) = \`${p.op}\``;
  const ask = p.variables.map((v) => `∂f/∂${v}`).join(' and ');
  return [`Write ${ask} for ${f} as ${p.variables.length > 1 ? 'expressions' : 'an expression'} (+ - * / ^, sin, cos, exp, ln, sqrt, tanh, …).`];
}

function ruleKeyText(p: RuleProblem): string[] {
  return [
    ...p.variables.map((v) => `∂f/∂${v} = \`${p.answer[v]}\``),
    '',
    `Checked at: ${p.points.map((q) => `${point(q.at)} (slope ${p.variables.map((v) => n4(q.slope[v])).join(', ')})`).join('; ')}`,
  ];
}

function bugProblemText(p: BugProblem): string[] {
  return [
    `f = \`${p.expression}\` at ${point(p.at)}`,
    '',
    ...nodeTable(p),
    '',
    'A reverse sweep was recorded: each event does adj[parent] += partial × adj[node]. One event is wrong. Which is the first?',
    '',
    '| # | node → parent | partial | adj[node] | contribution | adj[parent] before → after |',
    '| ---: | --- | ---: | ---: | ---: | --- |',
    ...p.events.map(
      (e, k) => `| ${k + 1} | ${e.node} → ${e.parent} | ${n4(e.partial)} | ${n4(e.nodeAdjoint)} | ${n4(e.contribution)} | ${n4(e.before)} → ${n4(e.after)} |`,
    ),
  ];
}

function bugKeyText(p: BugProblem): string[] {
  return [`Event ${p.wrongEvent.index + 1} (${p.wrongEvent.mistake}): ${explainBug(p, true)}`];
}

/** The problem part of one problem, as Markdown lines. */
export function problemLines(p: PracticeProblem): string[] {
  return p.kind === 'adjoints' ? adjointsProblemText(p) : p.kind === 'rule' ? ruleProblemText(p) : bugProblemText(p);
}

/** The answer part of one problem, as Markdown lines. */
export function keyLines(p: PracticeProblem): string[] {
  return p.kind === 'adjoints' ? adjointsKeyText(p) : p.kind === 'rule' ? ruleKeyText(p) : bugKeyText(p);
}

const TITLES = { adjoints: 'adjoints by hand', rule: 'local partial rules', bug: 'find the wrong event' } as const;

/**
 * A problem sheet and, after a page break, its answer key, as Markdown; every number to four
 * significant digits.
 */
export function practiceSheet(problems: readonly PracticeProblem[]): string {
  const first = problems[0];
  const seeds = problems.length > 1 ? `seeds ${first.seed}–${problems.at(-1)!.seed}` : `seed ${first.seed}`;
  const title = `Practice: ${TITLES[first.kind]}, level ${first.level} (${seeds})`;
  const out = [`# ${title}`, ''];
  problems.forEach((p, i) => out.push(`## Problem ${i + 1} (seed ${p.seed})`, '', ...problemLines(p), ''));
  out.push('<div style="page-break-after: always"></div>', '', `# Answer key: ${title}`, '');
  problems.forEach((p, i) => out.push(`## Problem ${i + 1} (seed ${p.seed})`, '', ...keyLines(p), ''));
  return out.join('\n').trimEnd();
}
