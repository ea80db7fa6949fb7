// Reports prepared on the 1st: last month's report of every client, computed once and kept as it was
// (the figures do not move when later data arrives, so a client can be sent the same numbers twice),
// until the person asks to prepare it again. Main keeps them in the reports folder
// (src/main/core/app/preparedReports.ts); the Reports view lists them by month.
import { z } from 'zod';
import { ClientReportSchema } from './clientReport.ts';

/** A calendar month, "2026-10". */
export const ReportMonthSchema = z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, 'Write a month as YYYY-MM');

/** What the list shows of one prepared report (the figures themselves come with `reports.prepared.get`). */
export const PreparedReportSummarySchema = z.object({
  month: ReportMonthSchema,
  profileId: z.string(),
  clientTitle: z.string(),
  /** The month's first and last calendar day on the client's clock ("2026-10-01", "2026-10-31"). */
  from: z.string(),
  to: z.string(),
  /** The client's time zone the month was counted in. */
  timeZone: z.string(),
  /** Epoch ms. */
  preparedAt: z.number(),
  /** Comments and direct-message turns received in the month: 0 is a report that says there was nothing. */
  received: z.number().int(),
  /** Prepared again by the person (not by the 1st). */
  preparedAgain: z.boolean(),
});
export type PreparedReportSummary = z.infer<typeof PreparedReportSummarySchema>;

/** One prepared report as kept on disk: the summary and the whole computed report. */
export const PreparedReportFileSchema = PreparedReportSummarySchema.extend({
  version: z.literal(1),
  report: ClientReportSchema,
});
export type PreparedReportFile = z.infer<typeof PreparedReportFileSchema>;

/** The marker of a month whose "reports are ready" notification was given (notified.json in the month's folder). */
export const PreparedMonthNotifiedSchema = z.object({ version: z.literal(1), month: ReportMonthSchema, notifiedAt: z.number(), clients: z.number().int() });
