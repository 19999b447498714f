/**
 * The expression playground's engine: a hand-written parser (no eval) from text to a syntax
 * tree with source spans, a compiler to the straight-line programs every arithmetic runs, and
 * the gradient of an expression by reverse mode, dual numbers and central differences.
 */
export {
  FUNCTIONS,
  CONSTANTS,
  show,
  variablesOf,
  isConstantExpr,
  type Expr,
  type Span,
  type FunctionName,
  type ConstantName,
  type BinaryOperator,
} from './ast.ts';
export { ParseError, ExprInputError } from './errors.ts';
export { lex, type Token } from './lexer.ts';
export { parseExpression, MAX_SOURCE_LENGTH, MAX_DEPTH, type ParsedExpression } from './parser.ts';
export { compileExpression, constantValue, primed, type CompiledExpression, type NodeSource } from './compile.ts';
export { parseProgram, lineAndColumn, type ParsedProgram, type ProgramNote, type Statement } from './statements.ts';
export {
  gradExpression,
  relativeDifference,
  DEFAULT_FD_STEP,
  type ExprGradient,
  type ExprGradientOptions,
  type ExprTape,
  type GradientByName,
} from './grad.ts';
export { describeHazards, showNumber, type ExprWarning } from './warnings.ts';
export { EXPRESSION_PRESETS, type ExpressionPreset } from './presets.ts';
export {
  evaluatePlayground,
  type PlaygroundRequest,
  type PlaygroundResult,
  type PlaygroundOutcome,
  type PlaygroundProblem,
  type GradientRow,
} from './playground.ts';
export { evaluationTrace, traceSymbol, type EvaluationTrace, type TraceRow, type AdjointStep } from './trace.ts';
export { GALLERY, agreesWithPublished, type GalleryExample } from './gallery.ts';
