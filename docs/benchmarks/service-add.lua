-- POST /addFriend for scripts/bench-server.sh and scripts/bench-store-writers: a phone number per request,
-- from a spread of ten million.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, "/addFriend", nil, string.format(
    '{"firstname":"Load","lastname":"Test","phonenumber":"+41 78 %07d"}', (n * 7919 + math.random(0, 9999)) % 10000000))
end
