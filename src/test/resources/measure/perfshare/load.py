import os, time, math, hashlib, json
t=time.time(); fd=os.open('/dev/null', os.O_WRONLY)
while time.time()-t<3:
    s=0
    for i in range(20000): s+=math.sqrt(i)
    hashlib.sha256(b'x'*100000).digest()
    json.dumps([list(range(100))]*50)
    for i in range(300): os.write(fd, b'y'*64)
