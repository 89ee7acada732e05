-- POST /addFriend with a unique phone number per request.
local counter = 0
local threads = {}
function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end
function init(args)
  ok = 0
  bad = 0
end
function request()
  counter = counter + 1
  local body = string.format('{"firstname":"Bench","lastname":"Mark","phonenumber":"+1 %d%08d"}', tid, counter)
  return wrk.format("POST", "/addFriend", {["Content-Type"] = "application/json"}, body)
end
function response(status, headers, body)
  if status == 200 then ok = ok + 1 else bad = bad + 1 end
end
function done(summary, latency, requests)
  local total_ok, total_bad = 0, 0
  for _, t in ipairs(threads) do
    total_ok = total_ok + t:get("ok")
    total_bad = total_bad + t:get("bad")
  end
  io.write(string.format("answered 200: %d, other: %d\n", total_ok, total_bad))
end
