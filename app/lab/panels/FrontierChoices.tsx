import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ScheduleKind } from '../../../engine/report.ts';
import { indexAfterKey, nearestPoint } from '../../ui/charts/chartControl.ts';
import type { FrontierLayout, FrontierMark } from './frontierLayout.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { formatBytes, formatWork, plural } from '../../ui/format.ts';
import { timedInput } from '../../state/perf/labInput.ts';
import { useLab } from '../../state/store/index.ts';

interface Choice {
  schedule: ScheduleKind;
  mark: FrontierMark;
}

/** How a choice reads: "binomial, 3 snapshots: 1.1 KiB held, 3.6 runs". */
export function choiceName({ schedule, mark }: Choice): string {
  const what =
    schedule === 'periodic' ? `periodic, stride ${mark.setting}` : `binomial, ${plural(mark.setting, 'snapshot')}`;
  return `${what}: ${formatBytes(mark.peakBytes)} held, ${formatWork(mark.workUnits)} passes`;
}

/** Sets the schedule and its stride or snapshot count, as the header's controls would. */
function choose({ schedule, mark }: Choice, timeStamp: number) {
  timedInput(() => {
    const { setSetting } = useLab.getState();
    setSetting('schedule', schedule);
    setSetting(schedule === 'periodic' ? 'stride' : 'snapshots', mark.setting);
  }, timeStamp, 'discrete');
}

/**
 * Every point of the frontier as a choice: a list box over the plot whose options are the
 * points (periodic strides, then binomial snapshot counts). Click near a point, or move with the
 * arrow keys (Home, End) and press Enter or space, to run that schedule.
 */
export function FrontierChoices({ layout, frame, current }: { layout: FrontierLayout; frame: Frame; current: Choice | null }) {
  const choices: Choice[] = [
    ...layout.periodic.map((mark) => ({ schedule: 'periodic' as const, mark })),
    ...layout.revolve.map((mark) => ({ schedule: 'revolve' as const, mark })),
  ];
  const currentIndex = current
    ? choices.findIndex((c) => c.schedule === current.schedule && c.mark.setting === current.mark.setting)
    : -1;
  const [focused, setFocused] = useState(-1);
  const active = focused >= 0 && focused < choices.length ? focused : Math.max(0, currentIndex);
  const options = useRef<(SVGCircleElement | null)[]>([]);
  const move = (index: number) => {
    setFocused(index);
    options.current[index]?.focus({ preventScroll: true });
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      if (choices[active]) choose(choices[active], event.timeStamp);
    } else {
      const next = indexAfterKey(active, choices.length, event.key);
      if (next === null) return;
      move(next);
    }
    event.preventDefault();
    event.stopPropagation();
  };
  const hit = useRef<SVGRectElement>(null);
  const onPointerDown = (event: PointerEvent<SVGGElement>) => {
    const box = hit.current?.getBoundingClientRect();
    if (event.button !== 0 || !box) return;
    const i = nearestPoint(
      choices.map((c) => c.mark),
      event.clientX - box.left,
      event.clientY - box.top,
      14,
    );
    if (i < 0) return;
    move(i);
    choose(choices[i], event.timeStamp);
    event.preventDefault();
  };
  const ring = focused >= 0 ? choices[focused] : null;
  return (
    <g
      className="frontier-choices"
      role="listbox"
      aria-label="Schedules on the frontier: arrow keys move, Enter chooses"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
    >
      <rect ref={hit} className="chart-slider-hit" width={frame.innerWidth} height={frame.innerHeight} />
      {choices.map((c, i) => (
        <circle
          key={`${c.schedule}${c.mark.setting}`}
          ref={(node) => {
            options.current[i] = node;
          }}
          className="frontier-option"
          role="option"
          aria-selected={i === currentIndex}
          aria-label={choiceName(c)}
          tabIndex={i === active ? 0 : -1}
          cx={c.mark.x}
          cy={c.mark.y}
          r={5}
          onFocus={() => setFocused(i)}
          onBlur={() => setFocused(-1)}
        />
      ))}
      {ring ? <circle className="frontier-focus" cx={ring.mark.x} cy={ring.mark.y} r={9} aria-hidden="true" /> : null}
    </g>
  );
}
