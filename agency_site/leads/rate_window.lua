-- Atomic check-and-count of the contact form's sliding window in Redis
-- (agency_site/leads/ratelimit.py): drop entries older than the window, refuse at the
-- limit, else add. KEYS[1]: the client's sorted set; ARGV: now (s), window (s), limit,
-- a unique member for this message.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], math.ceil(ARGV[2] * 1000))
return 1
