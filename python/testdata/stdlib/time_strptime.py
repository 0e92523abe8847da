import time
print(time.strftime('%f|%z|%-d|%%f|%C', time.gmtime(0)))
print(time.strptime('2024-03-05 07:08', '%Y-%m-%d %H:%M'))
print(time.strptime('2024 UTC', '%Y %Z'), time.strptime('2024 +0100', '%Y %z'))
print(time.strptime('Tue Mar  5 07:08:09 2024'), time.strptime('02-29', '%m-%d'), time.strptime('2024 100', '%Y %j'))
for a in [('x', '%Y'), ('2024', '%Q'), (5, '%Y')]:
    try:
        time.strptime(*a)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
st = time.strptime('2024-12-30', '%Y-%m-%d')
print(st.tm_wday, st.tm_yday, st[0], time.mktime(st), time.strftime('%Y/%m/%d %a', st))
