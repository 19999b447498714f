import { useId, useState } from 'react';
import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import { gradientText } from './resultView.ts';

/**
 * The evaluation traces of the AD literature, side by side: the forward primal trace (vᵢ = …,
 * value), the forward tangent trace for a chosen input (v̇ᵢ), and the reverse adjoint trace, one
 * contribution v̄ⱼ += v̄ᵢ · ∂vᵢ/∂vⱼ per line with the adjoint it leaves.
 */
export function TraceView({ result }: { result: PlaygroundResult }) {
  const id = useId();
  const trace = result.trace;
  const [chosen, setChosen] = useState<string | null>(null);
  if (!trace) return <p className="trace-none">The evaluation traces are listed for tapes of up to 80 nodes.</p>;
  const wrt = chosen !== null && trace.variables.includes(chosen) ? chosen : (trace.variables[0] ?? null);
  const tangent = wrt === null ? null : trace.tangents[wrt];
  const y = trace.rows[trace.output];
  return (
    <div className="pg-trace">
      <h3>Evaluation traces</h3>
      <p className="trace-intro">
        Each node is a numbered value vᵢ: the inputs are {trace.variables.map((name, j) => `${trace.rows[j].symbol} = ${name}`).join(', ') || 'none'}, the output is y ={' '}
        {y.symbol}. The forward trace computes each vᵢ from earlier ones; the tangent trace carries v̇ᵢ = ∂vᵢ/∂(one input) along
        with it; the adjoint trace runs backwards, adding v̄ᵢ · ∂vᵢ/∂vⱼ into v̄ⱼ = ∂y/∂vⱼ for every edge.
      </p>
      <div className="trace-grid">
        <table className="trace-table">
          <caption>Forward primal trace</caption>
          <thead>
            <tr>
              <th scope="col">node</th>
              <th scope="col">name</th>
              <th scope="col">value</th>
            </tr>
          </thead>
          <tbody>
            {trace.rows.map((row) => (
              <tr key={row.node}>
                <td className="trace-formula">
                  {row.symbol} = {row.primal}
                </td>
                <td>{row.name ?? ''}</td>
                <td className="num">{gradientText(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="trace-table">
          <caption>
            Forward tangent trace{' '}
            {trace.variables.length > 0 ? (
              <>
                <label htmlFor={`${id}-wrt`}>for the input</label>{' '}
                <select id={`${id}-wrt`} value={wrt ?? ''} onChange={(e) => setChosen(e.currentTarget.value)}>
                  {trace.variables.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
          </caption>
          <thead>
            <tr>
              <th scope="col">tangent rule</th>
              <th scope="col">v̇ᵢ</th>
            </tr>
          </thead>
          <tbody>
            {trace.rows.map((row, i) => (
              <tr key={row.node}>
                <td className="trace-formula">
                  {row.symbol.replace('v', 'v̇')} = {row.tangent === 'seed' ? (row.node === trace.variables.indexOf(wrt ?? '') ? '1 (seed)' : '0 (seed)') : row.tangent}
                </td>
                <td className="num">{tangent ? gradientText(tangent[i]) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="trace-table">
          <caption>Reverse adjoint trace</caption>
          <thead>
            <tr>
              <th scope="col">step</th>
              <th scope="col">adds</th>
              <th scope="col">adjoint after</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className="trace-formula">{y.symbol.replace('v', 'v̄')} = ȳ = 1</td>
              <td className="num" />
              <td className="num">1</td>
            </tr>
            {trace.reverse.map((s, k) => (
              <tr key={k}>
                <td className="trace-formula">{s.text}</td>
                <td className="num">{gradientText(s.amount)}</td>
                <td className="num">{gradientText(s.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="trace-result">
        y = {gradientText(y.value)}
        {tangent && wrt ? `; the tangent trace gives ∂y/∂${wrt} = ${gradientText(tangent[trace.output])}` : ''}
        {trace.variables.length > 0
          ? `; the adjoint trace gives ${trace.variables.map((name, j) => `∂y/∂${name} = ${gradientText(trace.adjoints[j])}`).join(', ')}.`
          : '.'}
      </p>
    </div>
  );
}
