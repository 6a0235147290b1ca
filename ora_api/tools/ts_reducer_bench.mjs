// The TypeScript engine's own pace, for `ora bench` to set ora's figures beside it in one run
// (issue 34). It plays random games with the kennerspiel engine (`hathora-et-labora-game`,
// installed by ora_api/tools/ts_reducer.py) through its public API only: `control` lists the
// next token of a command, `reducer` applies a whole command.
//
//   node ts_reducer_bench.mjs MODULE_DIR '{"players":4,"country":"france","length":"long",
//                                          "seeds":[1000,1001,1002],"runs":3}'
//
// prints one JSON object with each game: its commands, per command the best of `runs` timings of
// `reducer` (µs), per position the best of `runs` timings of `control(state, [])` (the
// completion of an empty prefix: every first token of the position's commands), and its wall
// time from START to its end with the random player below (tokens chosen one by one from
// `control`, as a client would).
import { createRequire, register } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

// The package's ES modules import their siblings without the `.js` that Node's resolver wants
// ('./reducer'): a resolve hook tries the name as written, then with `.js`, then `/index.js`.
const HOOK = `export async function resolve(specifier, context, next) {
  try { return await next(specifier, context) } catch (error) {
    if (!specifier.startsWith('.') || !['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT'].includes(error.code)) throw error
    try { return await next(specifier + '.js', context) }
    catch { return next(specifier + '/index.js', context) }
  }
}`
register('data:text/javascript,' + encodeURIComponent(HOOK))

const [moduleDir, optionsText] = process.argv.slice(2)
const options = JSON.parse(optionsText)
const entry = createRequire(path.join(moduleDir, 'package.json'))
  .resolve('hathora-et-labora-game')
const { reducer, control, initialState } = await import(pathToFileURL(entry).href)

// A small seeded generator (mulberry32): the same seed gives the same game.
const generator = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const now = () => Number(process.hrtime.bigint()) / 1000 // µs

const bestOf = (runs, work) => {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const started = now()
    work()
    best = Math.min(best, now() - started)
  }
  return best
}

const COLOURS = ['R', 'G', 'B', 'W']

// One random command: the tokens one by one; where the command may end here ("" offered), end it
// with probability one half or when nothing else is offered. Returns null when control offers
// nothing (no command: the game cannot go on).
const randomCommand = (state, random) => {
  const partial = []
  for (let depth = 0; depth < 40; depth++) {
    const completion = control(state, partial).completion ?? []
    const tokens = completion.filter((token) => token !== '')
    const mayEnd = completion.includes('')
    if (mayEnd && (tokens.length === 0 || random() < 0.5)) return partial
    if (tokens.length === 0) return partial.length ? partial : null
    // A completion may be several tokens in one ("2 0": a column and a row).
    partial.push(...tokens[Math.floor(random() * tokens.length)].split(' '))
  }
  return partial
}

const newGame = (seed) => {
  const configured = reducer(initialState, [
    'CONFIG', String(options.players), options.country, options.length,
  ])
  return reducer(configured, ['START', String(seed), ...COLOURS.slice(0, options.players)])
}

// A game from START to its end, or to the first position where the random player finds no
// command the reducer takes (`stopped`). With `sample`, each position's timings are kept.
const playGame = (seed, random, sample) => {
  let state = newGame(seed)
  const played = []
  if (sample) Object.assign(sample, { command: [], completion: [] })
  let refused = 0
  let stopped = null
  while (state.status !== 'FINISHED' && played.length < (options.maxCommands ?? 5000)) {
    if (sample) sample.completion.push(bestOf(options.runs, () => control(state, [])))
    const command = randomCommand(state, random)
    if (command === null) { stopped = 'no command offered'; break }
    let next
    try {
      next = reducer(state, command)
    } catch (error) {
      next = undefined
    }
    if (next === undefined) { // a completion the reducer refuses: the player tries another
      if (++refused > 1000) { stopped = `refused ${command.join(' ')}`; break }
      continue
    }
    if (sample) sample.command.push(bestOf(options.runs, () => reducer(state, command)))
    state = next
    played.push(command.join(' '))
  }
  return { finished: state.status === 'FINISHED', commands: played, refused, stopped }
}

const games = []
for (const seed of options.seeds) {
  const sample = {}
  const sampled = playGame(seed, generator(seed), sample) // each position timed
  const started = now()
  playGame(seed, generator(seed), null) // the same game, timed whole
  games.push({ seed, ms: (now() - started) / 1000, ...sampled, command_us: sample.command,
               completion_us: sample.completion })
}
process.stdout.write(JSON.stringify({
  package: JSON.parse((await import('node:fs')).readFileSync(
    path.join(path.dirname(entry), '..', 'package.json'), 'utf8')).version,
  node: process.version,
  games,
}) + '\n')
