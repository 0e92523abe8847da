from enum import IntFlag, Flag
class IP(IntFlag):
    A = 1
    B = 2
    C = 4
print(IP.A + 1, IP.B * 3, IP.B - IP.A, sum([IP.A, IP.B]), 10 - IP.C, IP.C / 2, IP.C // 3, IP.C % 3, 2 ** IP.B, IP.A << 3, -IP.B, abs(IP.B))
print(IP.A | IP.B, IP.A | 4, 4 | IP.A, IP.C & 5, 6 ^ IP.B, IP.A < 2, IP.C >= IP.B, f'{IP.C:03d}', float(IP.B), IP.B == 2, hash(IP.B) == hash(2))
print(type(IP.A + 1).__name__, type(IP.A | IP.B).__name__, sorted([IP.C, IP.A, IP.B]), max(IP.A, IP.C), [1, 2, 3][IP.A], IP.B in IP.A | IP.B)
