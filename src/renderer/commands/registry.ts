// The app's commands, one line each, in the order the `?` help lists them (the palette keeps the
// same order). A new command: declare it in its area's file, add its line here.
import { createRegistry } from './defineCommand.ts';
import * as list from './listCommands.ts';
import * as places from './placeCommands.ts';
import * as reviews from './reviewCommands.ts';
import * as screen from './screenCommands.ts';
import * as settings from './settingsCommands.ts';
import * as team from './teamCommands.ts';

export const appCommands = createRegistry([
  list.next,
  list.previous,
  list.open,
  list.goBack,
  list.reply,
  list.send,
  list.savedReply,
  list.done,
  list.unread,
  list.markRead,
  list.markUnread,
  list.snooze,
  list.select,
  list.selectAll,
  list.clearSelection,
  list.kind,
  list.search,
  places.goTo,
  places.client,
  list.undo,
  screen.palette,
  screen.settings,
  screen.help,
  list.groupByPost,
  list.selectPost,
  reviews.removeReviewReply,
  list.unreadOnly,
  screen.theme,
  screen.connect,
  screen.savedReplies,
  settings.settingsSection,
  settings.reportAction,
  team.assign,
  team.unassign,
  team.addNote,
  team.gotoAssigned,
  team.liveUpdatesOn,
  team.liveUpdatesOff,
]);
