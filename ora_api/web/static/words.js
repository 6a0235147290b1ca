// words.js: the API's errors (docs/api.md, "Errors") said in words for players, not as codes
// and param paths. The server's `detail` is kept where it is already a sentence for people.

const FIELDS = {
  "config.seed": "The seed", "config.players": "The number of players",
  "config.variant": "The variant", "config.length": "The length", name: "Your name",
  seats: "The seats", visibility: "The visibility", invite: "The invitation",
};

function fieldProblem(data) {
  const field = FIELDS[data.path] ?? "A value of the form";
  const detail = String(data.detail ?? "");
  if (/expected an integer|whole number/.test(detail)) return `${field} must be a whole number.`;
  if (/out of range|at most|at least|minimum|maximum/.test(detail) || data.reason === "out_of_range") {
    return `${field} is out of range (${detail.replace(/^[\w.]+:\s*/, "")}).`;
  }
  if (data.reason === "invalid_config") return `This game cannot be set up: ${detail}`;
  return `${field} is not accepted: ${detail.replace(/^[\w.]+:\s*/, "")}`;
}

/** The sentence a player reads for an error of ora.js (an OraError) or of the page. */
export function errorText(error) {
  const data = error?.data ?? {};
  switch (data.code) {
    case "unknown_game":
      return "There is no game at this address. The link may be mistyped, or the game was " +
        "stored on another server.";
    case "bad_token":
      return data.reason === "token_required"
        ? "This game is private. Open it with the link of your seat or an invitation, or in " +
          "the browser that created it."
        : "The seat kept in this browser does not belong to this game.";
    case "version_conflict":
      return "The game moved on before your move arrived; the table now shows the new " +
        "position. Please choose again.";
    case "not_your_turn":
      return "It is not your turn.";
    case "illegal_move":
      return `That move is not allowed now: ${data.detail}${data.rule ? ` (${data.rule})` : ""}`;
    case "invalid_move":
      return `That move was not understood: ${data.detail}`;
    case "invalid_params":
      return fieldProblem(data);
    case "bad_invite":
      return data.reason === "invite_used"
        ? "This invitation was used already; ask for a new link."
        : "This invitation link is not known to the server.";
    case "disconnected":
      return "The connection to the server was lost; trying again…";
    case "store_unavailable":
      return "The server cannot store games just now; please try again in a moment.";
    case "server_busy":
      return "The server is busy; please try again in a moment.";
    case "internal_error":
      return `The server failed${data.ref ? ` (reference ${data.ref})` : ""}; please try again.`;
    default:
      return data.detail ?? error?.message ?? String(error);
  }
}
