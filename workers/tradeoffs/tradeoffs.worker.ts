/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import {
  buffersOf,
  requestParams,
  tradeoffsFigures,
  tradeoffsTimings,
  type TradeoffsFigures,
  type TradeoffsRequest,
  type TradeoffsTimings,
} from '../../engine/tradeoffs/index.ts';
import { LabInputError } from '../../engine/settings.ts';
import type { StageMessage, TradeoffsWorkerApi } from './protocol.ts';

function paramsFor(request: TradeoffsRequest) {
  const checked = requestParams(request);
  if ('problem' in checked) throw new LabInputError(checked.problem);
  return checked.params;
}

/** The page's port for stages (`listen`), kept for the worker's life. */
let stagePort: MessagePort | null = null;

/** Posts each stage of the call with this serial to the page (a message is sent while the work goes on). */
function stagesOf(serial: number | undefined): (text: string) => void {
  const port = stagePort;
  if (serial === undefined || port === null) return () => {};
  return (text) => port.postMessage({ serial, text } satisfies StageMessage);
}

/** The section "What frameworks hide": its four figures, and the measured times, in a worker of their own. */
const api: TradeoffsWorkerApi = {
  /** Every count and gradient the four figures draw (about 20 ms at T = 200). */
  figures(request: TradeoffsRequest, serial?: number): TradeoffsFigures {
    const figures = tradeoffsFigures(paramsFor(request), request, stagesOf(serial));
    return Comlink.transfer(figures, buffersOf(figures));
  },
  /** The fusion and Jacobian times, measured here in alternation: `budgetMs` a Jacobian pair, `fusionMs` the fusion pair. */
  timings(request: TradeoffsRequest, budgetMs: number, fusionMs: number, serial?: number): TradeoffsTimings {
    return tradeoffsTimings(paramsFor(request), request.outputs, budgetMs, fusionMs, request.inputs, stagesOf(serial));
  },
  listen(port: MessagePort): void {
    stagePort = port;
  },
};

Comlink.expose(api);
