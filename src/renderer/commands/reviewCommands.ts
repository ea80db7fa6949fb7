// The review kind's own commands (issue 31's leftovers, item 1; decision 0086): the business's public
// reply to the review being read is removed, after the person said yes in its pane. No key of its
// own: a public change is reached by the palette or the button on the reply, and asks first.
import { defineCommand } from './defineCommand.ts';

export const removeReviewReply = defineCommand({
  id: 'removeReviewReply',
  label: 'Remove your reply to this review…',
  button: 'Remove reply…',
  tooltip: 'Take the business’s public reply off this review (asks first)',
  run: (_args, actions) => actions.removeReviewReply(),
});
