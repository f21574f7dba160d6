// The sender limiter's Lua scripts: each call is one script, so every check-and-count is atomic across workers.
// KEYS: 1 minute (zset: one member per send, score = ms), 2 day (hash: 'seeded', totals 'sent'/'rcpt', per bucket
// 'n:<b>'/'r:<b>'), 3 buckets (zset of the day's one-minute bucket starts). A send at t counts in the minute
// window while now < t + the minute window (60 s, or more with a guard: see sender-limiter.ts), and in the rolling day while now < bucket(t) + 60 s + 24 h: up to a minute
// late, never early, so the day limit cannot be exceeded and the day costs at most 1,440 fields per sender.
// Without a caller's `now` the scripts read Redis' clock, so every worker process shares one clock.

const prelude = (minuteMs: number) => `
local minuteKey, dayKey, bucketKey = KEYS[1], KEYS[2], KEYS[3]
local MINUTE, DAY, BUCKET = ${minuteMs}, 86400000, 60000
local function fmt(n) return string.format('%d', n) end
local function clock(arg)
  if arg ~= '' then return tonumber(arg) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function expire()
  redis.call('PEXPIRE', minuteKey, MINUTE + BUCKET)
  redis.call('PEXPIRE', dayKey, DAY + 2 * BUCKET)
  redis.call('PEXPIRE', bucketKey, DAY + 2 * BUCKET)
end
local function evict(now)
  redis.call('ZREMRANGEBYSCORE', minuteKey, '-inf', now - MINUTE)
  local gone = redis.call('ZRANGEBYSCORE', bucketKey, '-inf', now - DAY - BUCKET)
  for _, b in ipairs(gone) do
    local counts = redis.call('HMGET', dayKey, 'n:' .. b, 'r:' .. b)
    redis.call('HINCRBY', dayKey, 'sent', -(tonumber(counts[1]) or 0))
    redis.call('HINCRBY', dayKey, 'rcpt', -(tonumber(counts[2]) or 0))
    redis.call('HDEL', dayKey, 'n:' .. b, 'r:' .. b)
  end
  if #gone > 0 then redis.call('ZREMRANGEBYSCORE', bucketKey, '-inf', now - DAY - BUCKET) end
end
local function count(at, sends, recipients)
  local b = fmt(at - at % BUCKET)
  redis.call('ZADD', bucketKey, b, b)
  redis.call('HINCRBY', dayKey, 'n:' .. b, sends)
  redis.call('HINCRBY', dayKey, 'r:' .. b, recipients)
  redis.call('HINCRBY', dayKey, 'sent', sends)
  redis.call('HINCRBY', dayKey, 'rcpt', recipients)
end
-- When the minute window next has room for one more send (0: it has room now).
local function minuteRoomAt(perMinute)
  local used = redis.call('ZCARD', minuteKey)
  if used < perMinute then return 0 end
  local leaving = redis.call('ZRANGE', minuteKey, used - perMinute, used - perMinute, 'WITHSCORES')
  return tonumber(leaving[2]) + MINUTE
end
-- Takes a ticket's send back out of the day's counts (0 when its bucket has already left the day).
local function uncount(ticket)
  local at, n = string.match(ticket, '^(%d+)|(%d+)|')
  local b = fmt(tonumber(at) - tonumber(at) % BUCKET)
  if redis.call('HEXISTS', dayKey, 'n:' .. b) == 0 then return 0 end
  count(tonumber(at), -1, -tonumber(n))
  return 1
end
`;

/** ARGV: now | '', recipients, perMinute, perDay, recipientsPerDay (0 = none), a unique suffix for the member. */
export const TAKE_SCRIPT = (minuteMs: number) => `${prelude(minuteMs)}
if redis.call('HEXISTS', dayKey, 'seeded') == 0 then return {'unseeded'} end
local now = clock(ARGV[1])
evict(now)
local n, perMinute, perDay, rcptDay = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if rcptDay > 0 and n > rcptDay then return {'too_many_recipients'} end
local minuteUntil, dayUntil = 0, 0
if perMinute > 0 then minuteUntil = minuteRoomAt(perMinute) end
local needSends, needRcpt = 0, 0
if perDay > 0 then needSends = (tonumber(redis.call('HGET', dayKey, 'sent')) or 0) + 1 - perDay end
if rcptDay > 0 then needRcpt = (tonumber(redis.call('HGET', dayKey, 'rcpt')) or 0) + n - rcptDay end
if needSends > 0 or needRcpt > 0 then
  dayUntil = now + DAY + BUCKET
  for _, b in ipairs(redis.call('ZRANGE', bucketKey, 0, -1)) do
    local counts = redis.call('HMGET', dayKey, 'n:' .. b, 'r:' .. b)
    needSends = needSends - (tonumber(counts[1]) or 0)
    needRcpt = needRcpt - (tonumber(counts[2]) or 0)
    if needSends <= 0 and needRcpt <= 0 then dayUntil = tonumber(b) + BUCKET + DAY break end
  end
end
if dayUntil > 0 and dayUntil >= minuteUntil then return {'sender_day_limit', fmt(dayUntil)} end
if minuteUntil > 0 then return {'sender_minute_limit', fmt(minuteUntil)} end
local ticket = fmt(now) .. '|' .. fmt(n) .. '|' .. ARGV[6]
redis.call('ZADD', minuteKey, now, ticket)
count(now, 1, n)
expire()
return {'ok', ticket}
`;

/** ARGV: the ticket of a take whose send did not happen. Only while it is in the minute window (0 = too late). */
export const RELEASE_SCRIPT = (minuteMs: number) => `${prelude(minuteMs)}
if redis.call('ZREM', minuteKey, ARGV[1]) == 0 then return 0 end
return uncount(ARGV[1])
`;

/**
 * ARGV: now | '', the ticket of a take whose send just happened. Its minute-window instant moves from the take to
 * now: the provider counted the message when it arrived, which can be seconds after the take (a queue of sends
 * behind one account, a busy worker), so the window must free a minute after the arrival, not after the take. Put
 * back if it had already left the window (a send that took longer than the window).
 */
export const SENT_SCRIPT = (minuteMs: number) => `${prelude(minuteMs)}
local now = clock(ARGV[1])
redis.call('ZADD', minuteKey, now, ARGV[2])
redis.call('PEXPIRE', minuteKey, MINUTE + BUCKET)
return 1
`;

/**
 * ARGV: now | '', the ticket of a take whose send starts now, perMinute. A take waits between its take and its send
 * (a line behind the account, a slow provider), and one that waited past the minute window has left it: another
 * take may have used its place. So the send counts from now: still in the window, it moves to now; gone, it comes
 * back only if the minute has room, else the answer is when it will ({'sender_minute_limit', until}) and its day
 * count is given back, since its send does not happen.
 */
export const SENDING_SCRIPT = (minuteMs: number) => `${prelude(minuteMs)}
local now = clock(ARGV[1])
evict(now)
local ticket, perMinute = ARGV[2], tonumber(ARGV[3])
if redis.call('ZSCORE', minuteKey, ticket) == false and perMinute > 0 then
  local roomAt = minuteRoomAt(perMinute)
  if roomAt > 0 then
    uncount(ticket)
    return {'sender_minute_limit', fmt(roomAt)}
  end
end
redis.call('ZADD', minuteKey, now, ticket)
redis.call('PEXPIRE', minuteKey, MINUTE + BUCKET)
return {'ok'}
`;

/** ARGV: now | ''. Answers {minute used, day sends, day recipients, start of the oldest counted bucket or ''}. */
export const USAGE_SCRIPT = (minuteMs: number) => `${prelude(minuteMs)}
if redis.call('HEXISTS', dayKey, 'seeded') == 0 then return {'unseeded'} end
local now = clock(ARGV[1])
evict(now)
local oldest = ''
for _, b in ipairs(redis.call('ZRANGE', bucketKey, 0, -1)) do
  if (tonumber(redis.call('HGET', dayKey, 'n:' .. b)) or 0) > 0 then oldest = b break end
end
local day = redis.call('HMGET', dayKey, 'sent', 'rcpt')
return {'ok', redis.call('ZCARD', minuteKey), tonumber(day[1]) or 0, tonumber(day[2]) or 0, oldest}
`;

/**
 * ARGV: now | '', then (at ms, sends, recipients) triples. Rebuilds the windows only while the sender is unseeded
 * (Redis lost them, or the sender was idle a day), so two workers recovering at once cannot count twice.
 */
export const SEED_SCRIPT = (minuteMs: number) => `${prelude(minuteMs)}
if redis.call('HEXISTS', dayKey, 'seeded') == 1 then return 0 end
local now = clock(ARGV[1])
redis.call('DEL', minuteKey, dayKey, bucketKey)
redis.call('HSET', dayKey, 'seeded', 1, 'sent', 0, 'rcpt', 0)
for i = 2, #ARGV, 3 do
  local at, sends, recipients = tonumber(ARGV[i]), tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  if at > now - MINUTE then
    for k = 1, sends do redis.call('ZADD', minuteKey, at, fmt(at) .. '|0|seed-' .. i .. '-' .. k) end
  end
  if at - at % BUCKET > now - DAY - BUCKET then count(at, sends, recipients) end
end
expire()
return 1
`;
