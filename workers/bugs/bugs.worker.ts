/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { bugsRequestParams, chainBugFigures, precisionBug, trainingBugs, type BugsRequest } from '../../engine/bugs/index.ts';
import { LabInputError } from '../../engine/settings.ts';
import type { BugsWorkerApi } from './protocol.ts';

function paramsFor(request: BugsRequest) {
  const checked = bugsRequestParams(request);
  if ('problem' in checked) throw new LabInputError(checked.problem);
  return checked.params;
}

/** "Bugs you will meet": each bug run on the real tape, in a worker of its own. */
const api: BugsWorkerApi = {
  chain: (request) => chainBugFigures(paramsFor(request), request),
  precision: (request, options) => precisionBug(paramsFor(request), options),
  training: (steps, options) => trainingBugs(steps, options),
};

Comlink.expose(api);
