import time
time.sleep(3600)
# limit: time
