// A refusal quotes what the caller sent only shortened: a page (or a fuzzer) that sends a 7 MB
// string must not get 7 MB back in the error, once per call. Every command's every field is tried
// with a huge value, and with a huge unknown key, and every answer stays short.
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../../src/shared/bridge/names.ts';
import { VALID_INPUTS } from './contractSamples.ts';
import { dispatcherRig } from './dispatcherRig.ts';

/** Far more than any answer needs; far less than the input. */
const MESSAGE_BOUND = 2_000;
const HUGE = `https://x${'a'.repeat(7 * 1024 * 1024)}`;

async function refusalOf(command: string, input: unknown): Promise<string> {
  const { dispatcher, calls } = dispatcherRig();
  const result = await dispatcher.invoke(command, input);
  expect(calls, command).toEqual([]);
  if (result.ok) throw new Error(`${command} accepted a huge value`);
  return result.error.message;
}

describe('error messages of the bridge', () => {
  it('quote a 7 MB invalid webhook URL only shortened, with an ellipsis', async () => {
    for (const url of [`not a url ${'b'.repeat(7 * 1024 * 1024)}`, `http://example.com/${'c'.repeat(7 * 1024 * 1024)}`]) {
      const message = await refusalOf('webhooks.register', { profileId: 'p1', action: 'comments', url });
      expect(message.length).toBeLessThan(MESSAGE_BOUND);
      expect(message).toContain('webhooks.register');
      expect(message).toContain('url');
    }
    // Short enough to be checked: the schema's own message, quoting the value only in part.
    const message = await refusalOf('webhooks.register', { profileId: 'p1', action: 'comments', url: `ftp://${'d'.repeat(1_000)}` });
    expect(message).toContain(`"ftp://${'d'.repeat(50)}`);
    expect(message).toContain('…');
    expect(message).not.toContain('d'.repeat(200));
  });

  it('stay short for a huge value in any field of any command', async () => {
    for (const name of COMMAND_NAMES) {
      const sample = VALID_INPUTS[name][0];
      for (const field of Object.keys(sample ?? {})) {
        const message = await refusalOf(name, { ...sample, [field]: HUGE });
        expect(message.length, `${name}.${field}`).toBeLessThan(MESSAGE_BOUND);
      }
    }
  });

  it('stay short for a huge unknown key, and for a huge value of a list', async () => {
    for (const name of COMMAND_NAMES) {
      const sample = VALID_INPUTS[name][0] ?? {};
      const message = await refusalOf(name, { ...sample, [HUGE]: 1 });
      expect(message.length, name).toBeLessThan(MESSAGE_BOUND);
    }
    const media = await refusalOf('answer.send', { key: 'instagram:c1', text: 'Hi', mediaUrls: [HUGE] });
    expect(media.length).toBeLessThan(MESSAGE_BOUND);
  });
});
