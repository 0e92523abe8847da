from datetime import datetime, timezone, date, time as dtime
import time
dt = datetime(2024, 3, 5, 7, 8, 9, 123)
fs = ['%-d %-m %-H', '%C', '%_d|%_m|%_H', '%05d', '%-5d|', '%^a %^b %^A %^B %^p %#p %#a %#Z', '%10A|%-10A|%_10A|%010A', '%k|%l|%-k|%-l|%P|%r', '%g %G %-V %_j %-j', '%s', '%Ey %Od %EY %Ob', '%+', '%q', '%-', '%_', '%10%', '%-y', '%-I', '%3Y', '%6Y', '%-Y', '%_5Y', '%^c', '%10D|%-D', '%#b', '%^10B', '%-f', '%_f', '%02d', '%1d', '%-S %-M', '%z|%-z|%^Z|%10z', '%3e', '%-e', '%ll', '%I %-I', '%-U %-W %-u %-w', '%^x', '%5n|', '%5t|', '%C%y', '%-C', '%_C', '%#c', '%f %z %Z', '%', 'abc%', '%E', '%Ez', '%10f']
for f in fs:
    print(repr(f), repr(dt.strftime(f)), repr(dt.replace(tzinfo=timezone.utc).strftime(f)))
for y in (5, 99, 999, 2024):
    d = datetime(y, 1, 1)
    print(y, [d.strftime(f) for f in ['%Y','%0Y','%_Y','%-Y','%6Y','%_6Y','%-6Y','%C','%0C','%_C','%4C','%_4C','%G','%0G','%_G','%5G','%g','%_g','%-g','%y','%_y','%F','%0F','%12F','%_12F', '%c', '%D', '%x', '%+Y', '%+6Y']])
print(datetime(2024,3,5,0,0).strftime('%k|%l|%I'), datetime(2024,3,5,13,0).strftime('%k|%l|%I|%P'))
print(date(2024, 12, 30).strftime('%G-W%V-%u %-j %U %W'), dtime(9, 5).strftime('%-H:%M %p %l'))
print(time.strftime('%-d/%-m/%Y %C %k', time.gmtime(86400 * 40)))
