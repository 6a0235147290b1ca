// words.js: the API's errors (docs/api.md, "Errors") said in words for players, not as codes
// and param paths, in the page's language (i18n.js). The server's `detail` is kept where it is
// already a sentence for people.

import { t } from "/static/i18n.js";

const FIELDS = {
  "config.seed": "The seed", "config.players": "The number of players",
  "config.variant": "The variant", "config.length": "The length", name: "Your name",
  seats: "The seats", visibility: "The visibility", invite: "The invitation",
};

function fieldProblem(data) {
  const field = t(FIELDS[data.path] ?? "A value of the form");
  const detail = String(data.detail ?? "");
  const said = detail.replace(/^[\w.]+:\s*/, "");
  if (/expected an integer|whole number/.test(detail)) {
    return t("{field} must be a whole number.", { field });
  }
  if (/out of range|at most|at least|minimum|maximum/.test(detail) || data.reason === "out_of_range") {
    return t("{field} is out of range ({detail}).", { field, detail: said });
  }
  if (data.reason === "invalid_config") return t("This game cannot be set up: {detail}", { detail });
  return t("{field} is not accepted: {detail}", { field, detail: said });
}

/** The sentence a player reads for an error of ora.js (an OraError) or of the page. */
export function errorText(error) {
  const data = error?.data ?? {};
  switch (data.code) {
    case "unknown_game":
      return t("There is no game at this address. The link may be mistyped, or the game was " +
        "stored on another server.");
    case "bad_token":
      return data.reason === "token_required"
        ? t("This game is private. Open it with the link of your seat or an invitation, or in " +
          "the browser that created it.")
        : t("The seat kept in this browser does not belong to this game.");
    case "version_conflict":
      return t("The game moved on before your move arrived; the table now shows the new " +
        "position. Please choose again.");
    case "not_your_turn":
      return t("It is not your turn.");
    case "illegal_move":
      return t("That move is not allowed now: {detail}", {
        detail: `${data.detail}${data.rule ? ` (${data.rule})` : ""}` });
    case "invalid_move":
      return t("That move was not understood: {detail}", { detail: data.detail });
    case "invalid_params":
      return fieldProblem(data);
    case "bad_invite":
      return data.reason === "invite_used"
        ? t("This invitation was used already; ask for a new link.")
        : t("This invitation link is not known to the server.");
    case "disconnected":
      return t("The connection to the server was lost; trying again…");
    case "store_unavailable":
      return t("The server cannot store games just now; please try again in a moment.");
    case "server_busy":
      return t("The server is busy; please try again in a moment.");
    case "internal_error":
      return data.ref ? t("The server failed (reference {ref}); please try again.", { ref: data.ref })
        : t("The server failed; please try again.");
    default:
      return data.detail ?? error?.message ?? String(error);
  }
}
