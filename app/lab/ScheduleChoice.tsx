import type { ScheduleKind } from '../../engine/report.ts';
import { useLab } from '../state/store/index.ts';
import { SnapshotsSlider, StrideSlider } from './Sliders.tsx';

const OPTIONS: { value: ScheduleKind; label: string }[] = [
  { value: 'periodic', label: 'Periodic' },
  { value: 'revolve', label: 'Binomial' },
];

/** The checkpoint schedule: periodic with a stride, or binomial (revolve) with snapshots. */
export function ScheduleChoice() {
  const schedule = useLab((s) => s.schedule);
  const setSetting = useLab((s) => s.setSetting);
  return (
    <fieldset className="schedule">
      <legend>Checkpoint schedule</legend>
      <div className="segmented">
        {OPTIONS.map((option) => (
          <label key={option.value} className={option.value === schedule ? 'on' : undefined}>
            <input
              type="radio"
              name="schedule"
              value={option.value}
              checked={option.value === schedule}
              onChange={() => setSetting('schedule', option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {schedule === 'periodic' ? <StrideSlider /> : <SnapshotsSlider />}
    </fieldset>
  );
}
