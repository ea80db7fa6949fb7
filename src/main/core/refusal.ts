// A request the core will not carry out, for a reason the person can act on ("no such comment",
// "this post's comments cannot be turned off"). The bridge answers it as 'refused' with its message,
// so it must never hold a key.
export class CoreRefusal extends Error {
  override get name(): string {
    return 'CoreRefusal';
  }
}

export function refuse(message: string): never {
  throw new CoreRefusal(message);
}
