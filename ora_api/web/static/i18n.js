// i18n.js: the page's own words in English, Greek and Russian. The game's words (goods,
// terrain, verbs, phases, colours, card names and texts, the log's sentences) come from the
// server in the chosen locale (game.view, game.log and rules.catalog with `locale`); only the
// labels of the page itself live here. A test (tests/web/test_locale.py) checks that every
// t("...") of the page's modules has its Greek and Russian words.

export const LOCALES = { en: "English", el: "Ελληνικά", ru: "Русский" };

const WORDS = {
  el: {
    // the lobby
    "All games": "Όλα τα παιχνίδια", "Games": "Παιχνίδια", "New game": "Νέο παιχνίδι",
    "Create game": "Δημιουργία", "Players": "Παίκτες", "Variant": "Παραλλαγή",
    "Length": "Διάρκεια", "Seed": "Σπόρος", "Your name": "Το όνομά σας",
    "Visibility": "Ορατότητα", "France": "Γαλλία", "Ireland": "Ιρλανδία", "long": "μακρύ",
    "short": "σύντομο", "public": "δημόσιο", "private": "ιδιωτικό", "random": "τυχαίος",
    "you": "εσείς", "open: invite a player": "ανοιχτή: πρόσκληση παίκτη",
    "bot: {name}": "bot: {name}", "bot {name}": "bot {name}", "open seat": "ανοιχτή θέση",
    "Game": "Παιχνίδι", "Mode": "Είδος", "Status": "Κατάσταση", "Moves": "Κινήσεις",
    "Links": "Σύνδεσμοι", "playing": "σε εξέλιξη", "finished": "τελείωσε",
    "No games yet.": "Δεν υπάρχουν ακόμη παιχνίδια.", "Play seat {n}": "Παίξτε τη θέση {n}",
    "Watch": "Παρακολούθηση", "Replay": "Επανάληψη",
    "{variant}, {n} players, {length}": "{variant}, {n} παίκτες, {length}",
    "{variant}, {n} player, {length}": "{variant}, {n} παίκτης, {length}",
    "The seed must be a whole number, 0 or more (or empty: random).":
      "Ο σπόρος πρέπει να είναι ακέραιος, 0 ή μεγαλύτερος (ή κενός: τυχαίος).",
    // a game
    "Game {id}": "Παιχνίδι {id}", "Your move": "Η σειρά σας", "Game over": "Τέλος παιχνιδιού",
    "Waiting for {who}": "Αναμονή για {who}", "Not your move": "Δεν είναι η σειρά σας",
    "You hold no seat of this game in this browser.":
      "Δεν έχετε θέση σε αυτό το παιχνίδι σε αυτόν τον περιηγητή.",
    "The table follows live.": "Το τραπέζι ενημερώνεται ζωντανά.",
    "Rules: {profile}": "Κανόνες: {profile}",
    "The game follows these readings of the rules, not the rulebook's.":
      "Το παιχνίδι ακολουθεί αυτές τις ερμηνείες των κανόνων, όχι του εγχειριδίου.",
    "Production wheel": "Τροχός παραγωγής", "Buildings for sale": "Κτίρια προς πώληση",
    "Market": "Αγορά", "At home": "Στο σπίτι", "Settlements in hand": "Εγκαταστάσεις στο χέρι",
    "Start player": "Πρώτος παίκτης", "Seat {n}": "Θέση {n}", "Seat": "Θέση",
    "to move": "παίζει", "neutral": "ουδέτερος", "prior": "ηγούμενος",
    "lay brother": "καλόγερος", "Landscape": "Οικόπεδα", "free": "δωρεάν", "none": "καμία",
    "Cost": "Κόστος", "Terrain": "Έδαφος", "Points": "Πόντοι", "Dwelling value": "Αξία κατοικίας",
    "Cloister": "Μοναστήρι", "nothing": "τίποτα", "Close": "Κλείσιμο", "Back": "Πίσω",
    "Play this move": "Παίξτε την κίνηση", "What this move does": "Τι κάνει η κίνηση",
    "Moves on the board": "Κινήσεις στο ταμπλό", "Language": "Γλώσσα",
    "with the joker": "με το μπαλαντέρ", "Food": "Τροφή", "Energy": "Ενέργεια",
    "No legal move here.": "Καμία νόμιμη κίνηση εδώ.", "Loading…": "Φόρτωση…",
    "Score so far (provisional)": "Βαθμολογία ως τώρα (προσωρινή)", "Final score": "Τελική βαθμολογία",
    "How the score adds up": "Πώς βγαίνει η βαθμολογία",
    "How the final score adds up": "Πώς βγαίνει η τελική βαθμολογία",
    "Moves played": "Κινήσεις", "Move list": "Λίστα κινήσεων", "Total": "Σύνολο",
    "Goods": "Αγαθά", "Buildings": "Κτίρια", "Settlements": "Εγκαταστάσεις",
    "Forest": "Δάσος", "Moor": "Βάλτος", "District": "Περιοχή", "Plot": "Οικόπεδο",
    "Work contract": "Σύμβαση εργασίας", "Wonders left": "Θαύματα", "Stacks": "Στοίβες",
    "{n} left": "{n} ακόμη",
    "Goods: the points of the goods held (R-SCORE-2). Buildings: the economic values of the buildings and settlements built (R-SCORE-3). Settlements: each settlement's dwelling value plus its orthogonal neighbours' (R-SCORE-4).":
      "Αγαθά: οι πόντοι των αγαθών που έχετε (R-SCORE-2). Κτίρια: οι οικονομικές αξίες των κτιρίων και των εγκαταστάσεων (R-SCORE-3). Εγκαταστάσεις: η αξία κατοικίας κάθε εγκατάστασης μαζί με των ορθογώνιων γειτόνων της (R-SCORE-4).",
    "Fell the trees to take wood; the space is then free to build on.":
      "Κόψτε τα δέντρα για ξύλο· ο χώρος μένει ελεύθερος για κτίσιμο.",
    "Cut the peat to take peat; the space is then free to build on.":
      "Μαζέψτε την τύρφη· ο χώρος μένει ελεύθερος για κτίσιμο.",
    "Invitations": "Προσκλήσεις",
    "Send each player the link of their seat:": "Στείλτε σε κάθε παίκτη τον σύνδεσμο της θέσης του:",
    "Join a game": "Συμμετοχή σε παιχνίδι",
    "You were invited to a seat. Under which name do you play?":
      "Σας προσκάλεσαν σε μια θέση. Με ποιο όνομα παίζετε;",
    "Take the seat": "Πάρτε τη θέση",
    // a replay
    "Replay of game {id}": "Επανάληψη του παιχνιδιού {id}", "Live game": "Ζωντανό παιχνίδι",
    "Play from here": "Παίξτε από εδώ",
    "A new game from this position": "Ένα νέο παιχνίδι από αυτή τη θέση",
    "Log": "Ημερολόγιο", "The start · {n} moves": "Η αρχή · {n} κινήσεις",
    "Move {i} of {n}: {text}": "Κίνηση {i} από {n}: {text}", "start": "αρχή",
    "previous move": "προηγούμενη κίνηση", "next move": "επόμενη κίνηση", "end": "τέλος",
    "move": "κίνηση", "move {n}": "κίνηση {n}",
    "{n} more lines worth 0 points": "{n} ακόμη γραμμές με 0 πόντους",
    "{n} more line worth 0 points": "{n} ακόμη γραμμή με 0 πόντους",
    // the connection
    "live": "ζωντανά", "reconnecting…": "επανασύνδεση…", "polling": "περιοδικός έλεγχος",
    // errors (words.js)
    "The seed": "Ο σπόρος", "The number of players": "Ο αριθμός των παικτών",
    "The variant": "Η παραλλαγή", "The length": "Η διάρκεια", "The seats": "Οι θέσεις",
    "The visibility": "Η ορατότητα", "The invitation": "Η πρόσκληση",
    "A value of the form": "Μια τιμή της φόρμας",
    "{field} must be a whole number.": "{field}: πρέπει να είναι ακέραιος αριθμός.",
    "{field} is out of range ({detail}).": "{field}: εκτός ορίων ({detail}).",
    "{field} is not accepted: {detail}": "{field}: δεν γίνεται δεκτό: {detail}",
    "This game cannot be set up: {detail}": "Αυτό το παιχνίδι δεν μπορεί να στηθεί: {detail}",
    "There is no game at this address. The link may be mistyped, or the game was stored on another server.":
      "Δεν υπάρχει παιχνίδι σε αυτή τη διεύθυνση. Ο σύνδεσμος μπορεί να είναι λάθος ή το παιχνίδι να είναι σε άλλον διακομιστή.",
    "This game is private. Open it with the link of your seat or an invitation, or in the browser that created it.":
      "Το παιχνίδι είναι ιδιωτικό. Ανοίξτε το με τον σύνδεσμο της θέσης σας ή μια πρόσκληση, ή στον περιηγητή που το δημιούργησε.",
    "The seat kept in this browser does not belong to this game.":
      "Η θέση που κρατά αυτός ο περιηγητής δεν ανήκει σε αυτό το παιχνίδι.",
    "The game moved on before your move arrived; the table now shows the new position. Please choose again.":
      "Το παιχνίδι προχώρησε πριν φτάσει η κίνησή σας· το τραπέζι δείχνει τώρα τη νέα θέση. Διαλέξτε ξανά.",
    "It is not your turn.": "Δεν είναι η σειρά σας.",
    "That move is not allowed now: {detail}": "Αυτή η κίνηση δεν επιτρέπεται τώρα: {detail}",
    "That move was not understood: {detail}": "Αυτή η κίνηση δεν έγινε κατανοητή: {detail}",
    "This invitation was used already; ask for a new link.":
      "Αυτή η πρόσκληση έχει ήδη χρησιμοποιηθεί· ζητήστε νέο σύνδεσμο.",
    "This invitation link is not known to the server.":
      "Ο διακομιστής δεν γνωρίζει αυτόν τον σύνδεσμο πρόσκλησης.",
    "The connection to the server was lost; trying again…":
      "Η σύνδεση με τον διακομιστή χάθηκε· νέα προσπάθεια…",
    "The server cannot store games just now; please try again in a moment.":
      "Ο διακομιστής δεν μπορεί να αποθηκεύσει παιχνίδια αυτή τη στιγμή· δοκιμάστε ξανά σε λίγο.",
    "The server is busy; please try again in a moment.":
      "Ο διακομιστής είναι απασχολημένος· δοκιμάστε ξανά σε λίγο.",
    "The server failed (reference {ref}); please try again.":
      "Σφάλμα του διακομιστή (αναφορά {ref})· δοκιμάστε ξανά.",
    "The server failed; please try again.": "Σφάλμα του διακομιστή· δοκιμάστε ξανά.",
    // the clocks (clock.js)
    "Clocks": "Ρολόγια", "out of time": "χωρίς χρόνο",
  },
  ru: {
    // the lobby
    "All games": "Все игры", "Games": "Игры", "New game": "Новая игра",
    "Create game": "Создать игру", "Players": "Игроки", "Variant": "Вариант",
    "Length": "Длина", "Seed": "Зерно", "Your name": "Ваше имя", "Visibility": "Видимость",
    "France": "Франция", "Ireland": "Ирландия", "long": "длинная", "short": "короткая",
    "public": "открытая", "private": "закрытая", "random": "случайно", "you": "вы",
    "open: invite a player": "свободно: пригласить игрока", "bot: {name}": "бот: {name}",
    "bot {name}": "бот {name}", "open seat": "свободное место", "Game": "Игра",
    "Mode": "Режим", "Status": "Состояние", "Moves": "Ходы", "Links": "Ссылки",
    "playing": "идёт", "finished": "окончена", "No games yet.": "Игр пока нет.",
    "Play seat {n}": "Играть за место {n}", "Watch": "Смотреть", "Replay": "Повтор",
    "{variant}, {n} players, {length}": "{variant}, игроков: {n}, {length}",
    "{variant}, {n} player, {length}": "{variant}, игроков: {n}, {length}",
    "The seed must be a whole number, 0 or more (or empty: random).":
      "Зерно должно быть целым числом от 0 (или пустым: случайно).",
    // a game
    "Game {id}": "Игра {id}", "Your move": "Ваш ход", "Game over": "Игра окончена",
    "Waiting for {who}": "Ждём: {who}", "Not your move": "Не ваш ход",
    "You hold no seat of this game in this browser.":
      "В этом браузере у вас нет места в этой игре.",
    "The table follows live.": "Стол обновляется вживую.",
    "Rules: {profile}": "Правила: {profile}",
    "The game follows these readings of the rules, not the rulebook's.":
      "Игра следует этим прочтениям правил, а не книге правил.",
    "Production wheel": "Колесо производства", "Buildings for sale": "Здания на продажу",
    "Market": "Рынок", "At home": "Дома", "Settlements in hand": "Поселения в руке",
    "Start player": "Первый игрок", "Seat {n}": "Место {n}", "Seat": "Место",
    "to move": "ходит", "neutral": "нейтральный", "prior": "настоятель", "lay brother": "монах",
    "Landscape": "Поле", "free": "бесплатно", "none": "нет",
    "Cost": "Цена", "Terrain": "Местность", "Points": "Очки", "Dwelling value": "Жилая ценность",
    "Cloister": "Монастырь", "nothing": "ничего", "Close": "Закрыть", "Back": "Назад",
    "Play this move": "Сделать ход", "What this move does": "Что делает ход",
    "Moves on the board": "Ходы на поле", "Language": "Язык",
    "with the joker": "с джокером", "Food": "Еда", "Energy": "Энергия",
    "No legal move here.": "Здесь нет допустимых ходов.", "Loading…": "Загрузка…",
    "Score so far (provisional)": "Счёт (предварительный)", "Final score": "Итоговый счёт",
    "How the score adds up": "Из чего складывается счёт",
    "How the final score adds up": "Из чего складывается итоговый счёт",
    "Moves played": "Сыгранные ходы", "Move list": "Список ходов", "Total": "Итого",
    "Goods": "Товары", "Buildings": "Здания", "Settlements": "Поселения",
    "Forest": "Лес", "Moor": "Болото", "District": "Район", "Plot": "Участок",
    "Work contract": "Трудовой договор", "Wonders left": "Осталось чудес", "Stacks": "Стопки",
    "{n} left": "осталось {n}",
    "Goods: the points of the goods held (R-SCORE-2). Buildings: the economic values of the buildings and settlements built (R-SCORE-3). Settlements: each settlement's dwelling value plus its orthogonal neighbours' (R-SCORE-4).":
      "Товары: очки имеющихся товаров (R-SCORE-2). Здания: хозяйственная ценность построенных зданий и поселений (R-SCORE-3). Поселения: жилая ценность каждого поселения и его ортогональных соседей (R-SCORE-4).",
    "Fell the trees to take wood; the space is then free to build on.":
      "Срубите лес, чтобы взять древесину; клетка освобождается для стройки.",
    "Cut the peat to take peat; the space is then free to build on.":
      "Добудьте торф; клетка освобождается для стройки.",
    "Invitations": "Приглашения",
    "Send each player the link of their seat:": "Отправьте каждому игроку ссылку на его место:",
    "Join a game": "Присоединиться к игре",
    "You were invited to a seat. Under which name do you play?":
      "Вас пригласили на место. Под каким именем вы играете?",
    "Take the seat": "Занять место",
    // a replay
    "Replay of game {id}": "Повтор игры {id}", "Live game": "Игра вживую", "Log": "Журнал",
    "Play from here": "Играть отсюда", "A new game from this position": "Новая игра с этой позиции",
    "The start · {n} moves": "Начало · ходов: {n}", "Move {i} of {n}: {text}": "Ход {i} из {n}: {text}",
    "start": "начало", "previous move": "предыдущий ход", "next move": "следующий ход",
    "end": "конец", "move": "ход", "move {n}": "ход {n}",
    "{n} more lines worth 0 points": "ещё строк с 0 очков: {n}",
    "{n} more line worth 0 points": "ещё строк с 0 очков: {n}",
    // the connection
    "live": "онлайн", "reconnecting…": "переподключение…", "polling": "опрос",
    // errors (words.js)
    "The seed": "Зерно", "The number of players": "Число игроков", "The variant": "Вариант",
    "The length": "Длина", "The seats": "Места", "The visibility": "Видимость",
    "The invitation": "Приглашение", "A value of the form": "Значение формы",
    "{field} must be a whole number.": "{field}: нужно целое число.",
    "{field} is out of range ({detail}).": "{field}: вне допустимых границ ({detail}).",
    "{field} is not accepted: {detail}": "{field}: не принимается: {detail}",
    "This game cannot be set up: {detail}": "Такую игру нельзя создать: {detail}",
    "There is no game at this address. The link may be mistyped, or the game was stored on another server.":
      "По этому адресу нет игры. Возможно, ссылка набрана с ошибкой или игра хранится на другом сервере.",
    "This game is private. Open it with the link of your seat or an invitation, or in the browser that created it.":
      "Это закрытая игра. Откройте её по ссылке своего места или приглашению либо в браузере, где она создана.",
    "The seat kept in this browser does not belong to this game.":
      "Место, сохранённое в этом браузере, не относится к этой игре.",
    "The game moved on before your move arrived; the table now shows the new position. Please choose again.":
      "Игра продвинулась раньше, чем пришёл ваш ход; стол показывает новую позицию. Выберите снова.",
    "It is not your turn.": "Сейчас не ваш ход.",
    "That move is not allowed now: {detail}": "Этот ход сейчас не разрешён: {detail}",
    "That move was not understood: {detail}": "Этот ход не распознан: {detail}",
    "This invitation was used already; ask for a new link.":
      "Это приглашение уже использовано; попросите новую ссылку.",
    "This invitation link is not known to the server.":
      "Сервер не знает такой ссылки-приглашения.",
    "The connection to the server was lost; trying again…":
      "Связь с сервером потеряна; повторная попытка…",
    "The server cannot store games just now; please try again in a moment.":
      "Сервер сейчас не может сохранять игры; попробуйте чуть позже.",
    "The server is busy; please try again in a moment.": "Сервер занят; попробуйте чуть позже.",
    "The server failed (reference {ref}); please try again.":
      "Ошибка сервера (код {ref}); попробуйте снова.",
    "The server failed; please try again.": "Ошибка сервера; попробуйте снова.",
    // the clocks (clock.js)
    "Clocks": "Часы", "out of time": "время вышло",
  },
};

// The words of the take-backs and the turn notices (takeback.js, notify.js).
Object.assign(WORDS.el, {
  "Take-back": "Αναίρεση", "Take back": "Αναίρεση κίνησης", "Take back to": "Αναίρεση έως",
  "Back to the start": "Πίσω στην αρχή", "Back to after move {n}": "Πίσω μετά την κίνηση {n}",
  "{who} asks to take the game back to after move {n}.":
    "{who}: αίτημα επιστροφής του παιχνιδιού μετά την κίνηση {n}.",
  "{who} asks to take the game back to the start.":
    "{who}: αίτημα επιστροφής του παιχνιδιού στην αρχή.",
  "Moves taken back: {k}.": "Κινήσεις που αναιρούνται: {k}.",
  "Accept": "Αποδοχή", "Refuse": "Άρνηση",
  "Waiting for {who} to agree.": "Αναμονή για συναίνεση: {who}.",
  "The moves after move {n} were taken back.": "Οι κινήσεις μετά την κίνηση {n} αναιρέθηκαν.",
  "{who} refused the take-back.": "{who}: άρνηση της αναίρεσης.",
  "The take-back lapsed: a move was played.": "Το αίτημα αναίρεσης έληξε: παίχτηκε κίνηση.",
  "Notify me on my turn": "Ειδοποίηση όταν είναι η σειρά μου",
  "It is your move in game {id}.": "Είναι η σειρά σας στο παιχνίδι {id}.",
  "taken back": "αναιρέθηκε",
});
Object.assign(WORDS.ru, {
  "Take-back": "Отмена хода", "Take back": "Отменить ход", "Take back to": "Отменить до",
  "Back to the start": "К началу игры", "Back to after move {n}": "К позиции после хода {n}",
  "{who} asks to take the game back to after move {n}.":
    "{who}: просьба вернуть игру к позиции после хода {n}.",
  "{who} asks to take the game back to the start.": "{who}: просьба вернуть игру к началу.",
  "Moves taken back: {k}.": "Отменяемых ходов: {k}.",
  "Accept": "Принять", "Refuse": "Отказать",
  "Waiting for {who} to agree.": "Ждём согласия: {who}.",
  "The moves after move {n} were taken back.": "Ходы после хода {n} отменены.",
  "{who} refused the take-back.": "{who}: отказ в отмене хода.",
  "The take-back lapsed: a move was played.": "Просьба об отмене снята: сделан ход.",
  "Notify me on my turn": "Уведомлять о моём ходе",
  "It is your move in game {id}.": "Ваш ход в игре {id}.",
  "taken back": "отменён",
});

Object.assign(WORDS.el, {
  "Analysis": "Ανάλυση", "Analyse": "Ανάλυση παιχνιδιού", "Analysing bot": "Bot της ανάλυσης",
  "Budget: positions valued by each estimate":
    "Προϋπολογισμός: θέσεις που αποτιμά κάθε εκτίμηση",
  "A bot judges every move: the estimated final scores, its better moves.":
    "Ένα bot κρίνει κάθε κίνηση: τους εκτιμώμενους τελικούς βαθμούς, τις καλύτερες κινήσεις του.",
  "Analysed {done} of {n} moves": "Αναλύθηκαν {done} από {n} κινήσεις",
  "The bot prefers another move at {k} of {n} moves.":
    "Το bot προτιμά άλλη κίνηση σε {k} από {n} κινήσεις.",
  "Move {i}: the bot plays {move} too.": "Κίνηση {i}: και το bot παίζει {move}.",
  "Move {i} played {played}; the bot prefers {best}: {loss} points{mark}.":
    "Κίνηση {i}: παίχτηκε {played}· το bot προτιμά {best}: {loss} βαθμοί{mark}.",
  "Move {i}: {mark}, {loss} points: {played}; better {best}":
    "Κίνηση {i}: {mark}, {loss} βαθμοί: {played}· καλύτερα {best}",
  "Estimated final scores by move": "Εκτιμώμενοι τελικοί βαθμοί ανά κίνηση",
  "inaccuracy": "ανακρίβεια", "mistake": "λάθος", "blunder": "σοβαρό λάθος",
});
Object.assign(WORDS.ru, {
  "Analysis": "Анализ", "Analyse": "Анализировать", "Analysing bot": "Бот для анализа",
  "Budget: positions valued by each estimate": "Бюджет: позиций на каждую оценку",
  "A bot judges every move: the estimated final scores, its better moves.":
    "Бот оценивает каждый ход: ожидаемые итоговые очки и свои лучшие ходы.",
  "Analysed {done} of {n} moves": "Проанализировано ходов: {done} из {n}",
  "The bot prefers another move at {k} of {n} moves.":
    "Бот предпочёл бы другой ход в {k} из {n} ходов.",
  "Move {i}: the bot plays {move} too.": "Ход {i}: бот тоже играет {move}.",
  "Move {i} played {played}; the bot prefers {best}: {loss} points{mark}.":
    "Ход {i}: сыграно {played}; бот предпочитает {best}: {loss} очков{mark}.",
  "Move {i}: {mark}, {loss} points: {played}; better {best}":
    "Ход {i}: {mark}, {loss} очков: {played}; лучше {best}",
  "Estimated final scores by move": "Ожидаемые итоговые очки по ходам",
  "inaccuracy": "неточность", "mistake": "ошибка", "blunder": "грубая ошибка",
});

export function locale() {
  const chosen = localStorage.getItem("ora.locale");
  return chosen in LOCALES ? chosen : "en";
}

export function setLocale(code) {
  localStorage.setItem("ora.locale", code in LOCALES ? code : "en");
  document.documentElement.lang = locale();
}

/** The page's word `text` in the chosen locale, with `{name}` filled from `values`. */
export function t(text, values = {}) {
  const word = WORDS[locale()]?.[text] ?? text;
  return word.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}
