// The client report's "answered by" section, in a team (issue 22: responsiveness per member): one
// line per member, in the client's words: how many replies they sent in the period and how soon
// they typically gave the first answer, timed to the network's confirmation like the rest of the
// report. Absent outside a team (the report has no `byMember` then), so a freelancer's own report
// is unchanged.
import type { ClientReport, MemberFigures } from '../../shared/domain/clientReport.ts';
import type { Formatter } from '../../shared/format/formatter.ts';

const REPLY = { one: 'reply', other: 'replies' };
const ITEM = { one: 'comment or message', other: 'comments and messages' };

/**
 * "Answered by ann: 14 replies, typically within 2 h" (the median of the first answers they gave);
 * first answers given before opening hours are said apart, as on the summary page, never as "0 s".
 */
export function memberLine(member: MemberFigures, format: Formatter): string {
  const sent = format.count(member.repliesSent, REPLY);
  const early = member.beforeOpening > 0 ? `${format.count(member.beforeOpening, ITEM)} answered before opening hours` : null;
  let soon = '';
  if (member.firstReplyMedianMs !== null) soon = `, typically within ${format.duration(member.firstReplyMedianMs)}${early === null ? '' : `; ${early}`}`;
  else if (early !== null) soon = `, ${early}`;
  else if (member.repliesSent > 0) soon = ', none of them the first answer';
  return `Answered by ${member.member}: ${sent}${soon}`;
}

export function ReportTeam({ report, format }: { report: ClientReport; format: Formatter }) {
  const members = report.byMember;
  if (members === undefined) return null;
  return (
    <section className="report-section" aria-labelledby="report-team">
      <h3 id="report-team">Who answered</h3>
      {members.length === 0 ? (
        <p className="report-small">No one on the team answered in this period.</p>
      ) : (
        <>
          <ul className="report-team">
            {members.map((member) => (
              <li key={member.member} data-testid="report-member">
                {memberLine(member, format)}.
              </li>
            ))}
          </ul>
          <p className="report-small">
            Time to the first answer{report.current.counts === 'business' ? ', in business hours' : ''}; answers written directly on the networks are not
            counted here.
          </p>
        </>
      )}
    </section>
  );
}
