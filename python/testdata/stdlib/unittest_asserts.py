# The failure messages of the assert* family, as CPython 3.11 words them.
import unittest

tc = unittest.TestCase()


def show(name, *args, **kwargs):
    try:
        r = getattr(tc, name)(*args, **kwargs)
    except AssertionError as e:
        print(name, 'FAIL', repr(str(e)))
    except Exception as e:
        print(name, type(e).__name__, e)
    else:
        print(name, 'ok', r)


show('assertEqual', 1, 1)
show('assertEqual', 1, 2)
show('assertEqual', 1, 2, 'custom')
show('assertEqual', 'a', 'b')
show('assertEqual', 'abc\ndef\n', 'abc\ndxf\n')
show('assertEqual', 'x' * 100, 'x' * 99 + 'y')
show('assertEqual', list(range(50)), list(range(49)) + [0])
show('assertEqual', [1, 2], [1, 2, 3])
show('assertEqual', [1, 2, 3], [1, 2])
show('assertEqual', (1, 2), (1, 3))
show('assertEqual', [1, 2], (1, 2))
show('assertEqual', {'a': 1, 'b': 2}, {'a': 1, 'b': 3})
show('assertEqual', {1, 2}, {2, 3})
show('assertEqual', frozenset({1}), frozenset())
show('assertEqual', {'k': list(range(30))}, {'k': list(range(31))})
show('assertEqual', 1.0, 1)
show('assertEqual', None, 0)
show('assertNotEqual', 1, 1)
show('assertNotEqual', 1, 2)
show('assertTrue', 0)
show('assertTrue', [], 'need items')
show('assertFalse', 'x')
show('assertIs', 1, None)
show('assertIsNot', None, None)
show('assertIsNone', 5)
show('assertIsNotNone', None)
show('assertIn', 3, [1, 2])
show('assertIn', 'z', 'abc')
show('assertNotIn', 1, {1: 2})
show('assertIsInstance', 1, str)
show('assertIsInstance', 1, (str, bytes))
show('assertNotIsInstance', 1, int)
show('assertGreater', 1, 2)
show('assertGreaterEqual', 1, 2)
show('assertLess', 2, 1)
show('assertLessEqual', 2, 1)
show('assertAlmostEqual', 1.0, 1.00000001)
show('assertAlmostEqual', 1.0, 1.1)
show('assertAlmostEqual', 1.0, 1.1, places=0)
show('assertAlmostEqual', 1.0, 1.5, delta=0.1)
show('assertAlmostEqual', 1.0, 1.5, places=1, delta=0.1)
show('assertNotAlmostEqual', 1.0, 1.00000001)
show('assertNotAlmostEqual', 1.0, 1.05, delta=0.1)
show('assertCountEqual', [1, 2, 2], [2, 1, 2])
show('assertCountEqual', [1, 2, 2, 'a'], [2, 1, 1, 'b'])
show('assertCountEqual', [[1], [2]], [[2], [2]])
show('assertDictEqual', {'a': 1}, [])
show('assertListEqual', (1,), [1])
show('assertTupleEqual', (1,), (2,))
show('assertSetEqual', {1}, [1])
show('assertSequenceEqual', 'ab', ['a', 'b'])
show('assertSequenceEqual', [1, 2], [1, 3])
show('assertMultiLineEqual', 'a\nb', 'a\nc')
show('assertRegex', 'hello', 'h.l+o')
show('assertRegex', 'hello', '^x')
show('assertNotRegex', 'hello', 'l+')
show('assertRaises', ValueError, int, 'x')
show('assertRaises', ValueError, int, '5')
show('assertRaises', (KeyError, IndexError), [].pop)
show('assertRaises', 5)
show('assertRaisesRegex', ValueError, 'invalid literal', int, 'x')
show('assertRaisesRegex', ValueError, 'nope', int, 'x')
show('fail')
show('fail', 'boom')
show('skipTest', 'why')

with tc.assertRaises(ZeroDivisionError) as cm:
    1 / 0
print(type(cm.exception).__name__, cm.exception)
try:
    with tc.assertRaises(KeyError):
        pass
except AssertionError as e:
    print(e)
try:
    with tc.assertRaises(KeyError, msg='my note'):
        pass
except AssertionError as e:
    print(e)
try:
    with tc.assertRaises(KeyError):
        raise ValueError('passes through')
except ValueError as e:
    print('escaped:', e)
with tc.assertRaisesRegex(ValueError, r'bad \d+') as cm:
    raise ValueError('a bad 42 thing')
print(cm.exception.args)
try:
    tc.assertRaises(KeyError, bogus=1)
except TypeError as e:
    print(e)

import warnings
with tc.assertWarns(UserWarning) as cm:
    warnings.warn('careful')
print(cm.warning)
try:
    with tc.assertWarns(DeprecationWarning):
        pass
except AssertionError as e:
    print(e)

class NoLong(unittest.TestCase):
    longMessage = False
    def runTest(self):
        pass
n = NoLong()
try:
    n.assertEqual(1, 2, 'only this')
except AssertionError as e:
    print(e)
try:
    n.assertEqual(1, 2)
except AssertionError as e:
    print(e)

class Big(unittest.TestCase):
    maxDiff = None
    def runTest(self):
        pass
try:
    Big().assertEqual(list(range(100)), list(range(1, 101)))
except AssertionError as e:
    print(len(str(e)), str(e).splitlines()[:4])
try:
    tc.assertEqual(list(range(100)), list(range(1, 101)))
except AssertionError as e:
    print(str(e))
# ---
# assertLogs and assertNoLogs.
import logging, unittest
tc = unittest.TestCase()
with tc.assertLogs() as cm:
    logging.getLogger('foo').info('first %s', 1)
    logging.getLogger('foo.bar').error('second')
print(cm.output, [r.getMessage() for r in cm.records])
with tc.assertLogs('foo', level='WARNING') as cm:
    logging.getLogger('foo').warning('w')
    logging.getLogger('foo').info('hidden')
print(cm.output)
try:
    with tc.assertLogs('foo', level='ERROR'):
        logging.getLogger('foo').warning('w')
except AssertionError as e:
    print(e)
try:
    with tc.assertLogs():
        pass
except AssertionError as e:
    print(e)
with tc.assertNoLogs('x'):
    logging.getLogger('y').error('other logger')
try:
    with tc.assertNoLogs('x', 'INFO'):
        logging.getLogger('x').info('oops')
except AssertionError as e:
    print(e)
lg = logging.getLogger('foo')
print(lg.handlers, lg.level, lg.propagate)
with tc.assertLogs(lg, logging.DEBUG) as cm:
    lg.debug('dbg')
print(cm.output)
