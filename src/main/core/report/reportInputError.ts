// Input the report cannot be computed from (an unknown time zone, a period that ends before it
// starts, an instant that is not a number). Its message names what is wrong, for the person or the
// log; it never holds anything but the offending value.
export class ReportInputError extends Error {
  override get name(): string {
    return 'ReportInputError';
  }
}
