# Seeds a friends server with N friends over POST /addFriend on one kept-alive connection.
# Usage: python3 friends-seed.py PORT N
import http.client, json, sys
port = int(sys.argv[1]); n = int(sys.argv[2])
c = http.client.HTTPConnection("127.0.0.1", port)
first = ["Anna","Ben","Clara","David","Eva","Felix","Greta","Hans","Ida","Jonas"]
last = ["Beck","Adler","Meier","Huber","Keller","Frick","Wolf","Marxer","Ospelt","Vogt"]
for i in range(n):
    body = json.dumps({"firstname": first[i % 10], "lastname": last[(i // 10) % 10] + "-" + "abcdefghij"[i // 100 % 10],
                       "phonenumber": "+423 555 %04d" % i, "email": "f%d@example.org" % i})
    c.request("POST", "/addFriend", body, {"Content-Type": "application/json"})
    r = c.getresponse(); r.read()
    assert r.status == 200, r.status
print("seeded", n)
