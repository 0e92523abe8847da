import statistics as st
print(st.mean([1, 2, 3, 4]), st.mean([1, 2, 3]), st.mean([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), st.mean([0.1] * 10))
print(st.median([1, 3, 5]), st.median([1, 3, 5, 7]), st.median_low([1, 3, 5, 7]), st.median_high([1, 3, 5, 7]))
print(st.mode([1, 1, 2, 3, 3, 3, 3, 4]), st.mode(["red", "blue", "blue", "red", "green", "red"]), st.multimode("aabbbbccddddeeffffgg"), st.multimode([]))
# ---
import statistics as st
data = [2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5]
print(st.variance(data), st.pvariance(data), st.stdev(data), st.pstdev(data))
print(st.variance([1, 2, 3, 4]), st.pvariance([1, 2, 3, 4]), st.stdev([1, 2, 3, 4]), st.pstdev([1, 2, 3, 4, 5]))
print(st.variance([2, 4, 4, 4, 5, 5, 7, 9]), st.stdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), st.pstdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]))
m = st.mean(data)
print(st.variance(data, m), st.pvariance([0.0, 0.25, 0.25, 1.25, 1.5, 1.75, 2.75, 3.25], 1.25))
# ---
import statistics as st
from fractions import Fraction as F
print(st.mean([F(3, 7), F(1, 21), F(5, 3), F(1, 3)]), st.variance([F(1, 6), F(1, 2), F(5, 3)]), st.median([F(1, 2), F(3, 4)]))
print(st.mean([1, 2.5]), st.mean([True, 3]), type(st.mean([1, 2, 3])).__name__, st.mean(x for x in range(10)))
# ---
import statistics as st
print(st.fmean([3.5, 4.0, 5.25]), st.fmean([1, 2, 3]), st.fmean([85, 92, 83, 91], weights=[0.20, 0.20, 0.30, 0.30]))
print(st.harmonic_mean([40, 60]), st.harmonic_mean([2.5, 3, 10]), st.harmonic_mean([40, 60], weights=[5, 30]))
print(st.harmonic_mean([1, 0, 2]), st.harmonic_mean([7]))
# ---
import statistics as st
print(st.quantiles([105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91, 103, 129]))
print(st.quantiles(range(1, 11), n=10), st.quantiles([1, 2, 3, 4, 5], n=4, method='inclusive'), st.quantiles([1.0, 3.0], n=3))
# ---
import statistics as st
x = [1, 2, 3, 4, 5, 6, 7, 8, 9]
y = [1, 2, 3, 1, 2, 3, 1, 2, 3]
print(st.covariance(x, y), st.correlation(x, x), round(st.correlation(x, y), 12))
r = st.linear_regression([1, 2, 3, 4, 5], [3, 5, 7, 9, 11])
print(r.slope, r.intercept, r, st.linear_regression([1, 2, 3], [2, 4, 6], proportional=True))
print(st.median_grouped([52, 52, 53, 54]), st.median_grouped([1, 3, 3, 5, 7], interval=2))
# ---
import statistics
statistics.mean([])
# raises: StatisticsError: mean requires at least one data point
# ---
import statistics
statistics.median([])
# raises: StatisticsError: no median for empty data
# ---
import statistics
statistics.stdev([1])
# raises: StatisticsError: stdev requires at least two data points
# ---
import statistics
statistics.variance([])
# raises: StatisticsError: variance requires at least two data points
# ---
import statistics
statistics.mode([])
# raises: StatisticsError: no mode for empty data
# ---
import statistics
try:
    statistics.pstdev([])
except ValueError as e:
    print(type(e).__name__, e, isinstance(e, statistics.StatisticsError))
try:
    statistics.quantiles([1])
except statistics.StatisticsError as e:
    print(e)
try:
    statistics.harmonic_mean([1, -2])
except statistics.StatisticsError as e:
    print(e)
try:
    statistics.fmean([])
except statistics.StatisticsError as e:
    print(e)
try:
    statistics.correlation([1, 1], [2, 3])
except statistics.StatisticsError as e:
    print(e)
# ---
import statistics
statistics.quantiles([1, 2, 3], method="other")
# raises: ValueError: Unknown method: 'other'
# ---
import statistics
scores = {"ada": [90, 85, 77], "bob": [60, 75, 80, 95], "cy": [88]}
for name, s in scores.items():
    sd = statistics.stdev(s) if len(s) > 1 else 0.0
    print(f"{name}: mean={statistics.mean(s):.2f} median={statistics.median(s)} sd={sd:.3f}")
# ---
import statistics
print(round(statistics.geometric_mean([54, 24, 36]), 9))
try:
    statistics.geometric_mean([1, 0])
except statistics.StatisticsError as e:
    print(e)
# ---
import statistics
from decimal import Decimal
data = [Decimal("0.5"), Decimal("0.75"), Decimal("0.625"), Decimal("0.375")]
print(statistics.mean(data), statistics.median(data), statistics.variance(data), statistics.mean([Decimal(1), Decimal(2)]), statistics.mean([Decimal("1"), 2]))
# ---
from statistics import NormalDist
n = NormalDist(100, 15)
print(n, n.mean, n.stdev, n.variance, round(n.cdf(115), 12), round(n.pdf(100), 12), n.zscore(130))
print([round(q, 6) for q in n.quantiles()], round(n.inv_cdf(0.975), 6), round(NormalDist().inv_cdf(0.5), 12), round(n.overlap(NormalDist(110, 15)), 12))
print(n + 5, n * 2, n - NormalDist(0, 20), -n, n == NormalDist(100, 15), NormalDist.from_samples([2.5, 3.25, 5.5, 11.25, 11.75]))
print([round(x, 6) for x in NormalDist(0, 1).samples(3, seed=42)])
# ---
from statistics import NormalDist
NormalDist(0, -1)
# raises: StatisticsError: sigma must be non-negative
# ---
from statistics import NormalDist
NormalDist().inv_cdf(1.5)
# raises: StatisticsError: p must be in the range 0.0 < p < 1.0
# ---
import statistics
xs = [0.1 * i for i in range(1000)] + [1e20, -1e20, 3, True, 2 ** 70]
print(statistics.mean(xs), statistics.variance(xs), statistics.pvariance(tuple(xs)), statistics.mean(tuple(range(10))), statistics.mean([5e-324, 5e-324]))
print(statistics.mean([1.5, float("inf")]), statistics.variance([1.0, float("nan")]), statistics.mean([2 ** 80, 1]), statistics.stdev([1e-300, 2e-300, 3e-300]))
# ---
import statistics
print(statistics.fmean([2 ** 53 + 1, 2 ** 53 + 1]), statistics.fmean([1e100, 1.0, -1e100]), statistics.fmean([0.1] * 10), statistics.fmean(iter([1, 2, 4])), statistics.fmean([float("inf"), 1.0]))
print(statistics.fmean([0.1 * i for i in range(5000)]), statistics.covariance([0.1 * i for i in range(100)], [0.3 * i for i in range(100)]))
