// The typed errors of the team workspace. Their messages are in a freelancer's words and never
// carry a password, a key or a server's raw answer.

/** The team server's address cannot be used (plain http to another computer, credentials in it, not a URL). */
export class TeamAddressError extends Error {
  override name = 'TeamAddressError';
}

/** A document from the team server was refused (wrong shape, too large, too deep); the others are kept. */
export class TeamDocumentRefused extends Error {
  override name = 'TeamDocumentRefused';
  readonly documentId: string;
  /** A content document from a device that did not hold its profile's lease then (decision 0064): whose, and for which scope. */
  readonly content: { scope: string; who: string; device: string } | null;
  constructor(documentId: string, reason: string, content: { scope: string; who: string; device: string } | null = null) {
    super(`A shared entry was left out: ${reason}`);
    this.documentId = documentId;
    this.content = content;
  }
}

/** A change to record was not this member's or this device's, or not a valid change. */
export class TeamRecordError extends Error {
  override name = 'TeamRecordError';
}
