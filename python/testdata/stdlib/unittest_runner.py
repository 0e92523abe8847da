# Running TestCases: outcomes, fixtures, subtests, skips, the runner's report.
import io
import re
import unittest

log = []


def report(*classes, verbosity=1, failfast=False):
    buf = io.StringIO()
    loader = unittest.TestLoader()
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(c) for c in classes)
    result = unittest.TextTestRunner(stream=buf, verbosity=verbosity, failfast=failfast).run(suite)
    text = re.sub(r'Ran (\d+) tests? in \d+\.\d+s', r'Ran \1 tests in T', buf.getvalue())
    # Tracebacks name files and show source lines; keep the rest.
    lines = [l for l in text.split('\n') if not l.startswith('  File ') and not l.startswith('    ')]
    print('\n'.join(lines))
    print(result.testsRun, len(result.failures), len(result.errors), len(result.skipped),
          len(result.expectedFailures), len(result.unexpectedSuccesses), result.wasSuccessful())
    return result


class Basic(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        log.append('setUpClass')

    @classmethod
    def tearDownClass(cls):
        log.append('tearDownClass')

    def setUp(self):
        log.append('setUp ' + self._testMethodName)
        self.addCleanup(log.append, 'cleanup ' + self._testMethodName)

    def tearDown(self):
        log.append('tearDown')

    def test_ok(self):
        """Checks that one is one.

        More words."""
        self.assertEqual(1, 1)

    def test_fail(self):
        self.assertEqual([1, 2], [1, 3])

    def test_error(self):
        {}['missing']

    @unittest.skip('not today')
    def test_skipped(self):
        pass

    @unittest.skipIf(True, 'condition held')
    def test_skip_if(self):
        pass

    @unittest.skipUnless(True, 'never shown')
    def test_skip_unless_runs(self):
        pass

    def test_skip_inside(self):
        self.skipTest('decided at run time')

    @unittest.expectedFailure
    def test_expected(self):
        self.assertTrue(False)

    @unittest.expectedFailure
    def test_unexpected(self):
        pass

    def test_subtests(self):
        for i in range(4):
            with self.subTest(i=i):
                self.assertLess(i, 2)
        with self.subTest('labelled', x='y'):
            raise KeyError('inner')

    def helper(self):
        raise AssertionError('not a test')


class SetupFails(unittest.TestCase):
    def setUp(self):
        raise RuntimeError('setUp broke')

    def test_never(self):
        log.append('never')


class ClassSetupFails(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise ValueError('class fixture broke')

    def test_a(self):
        log.append('never either')


@unittest.skip('whole class')
class Skipped(unittest.TestCase):
    def test_one(self):
        pass

    def test_two(self):
        pass


report(Basic)
print(log)
report(Basic, verbosity=2)
report(SetupFails, ClassSetupFails, Skipped, verbosity=2)
report(SetupFails, ClassSetupFails, Skipped)
report(Basic, failfast=True)
report(Basic, verbosity=0)
report()

t = Basic('test_ok')
print(str(t), repr(t), t.id(), t.shortDescription(), t.countTestCases())
print(Basic('test_fail') == Basic('test_fail'), Basic('test_fail') != Basic('test_ok'))
try:
    Basic('no_such')
except ValueError as e:
    print(e)
print(unittest.TestLoader().getTestCaseNames(Basic))
print(unittest.TestLoader().loadTestsFromTestCase(Basic).countTestCases())
r = unittest.TestResult()
Basic('test_fail').run(r)
print(r, len(r.failures), r.failures[0][0], r.failures[0][1].splitlines()[-1])
r = Basic('test_ok').run()
print(type(r).__name__, r.wasSuccessful(), r.testsRun)


class Runnable(unittest.TestCase):
    def runTest(self):
        self.assertEqual(2 + 2, 4)


print(unittest.TestLoader().loadTestsFromTestCase(Runnable).countTestCases())
print(unittest.FunctionTestCase(lambda: None, description='fn').shortDescription())
suite = unittest.TestSuite()
suite.addTest(Basic('test_ok'))
suite.addTests([Runnable()])
print(suite.countTestCases(), [str(t) for t in suite])
try:
    suite.addTest(Basic)
except TypeError as e:
    print(e)
try:
    suite.addTests('abc')
except TypeError as e:
    print(e)
print(unittest.SkipTest.__mro__[1].__name__, issubclass(unittest.TestCase.failureException, AssertionError))
# ---
import io
import types
import unittest


class T(unittest.TestCase):
    def test_a(self):
        print('running a')

    def test_b(self):
        print('running b')


buf = io.StringIO()
prog = unittest.main(module=types.SimpleNamespace(T=T), argv=['prog', '-k', 'test_b'], exit=False,
                     testLoader=unittest.TestLoader(), testRunner=unittest.TextTestRunner(stream=buf))
print(prog.result.testsRun, prog.result.wasSuccessful(), buf.getvalue().splitlines()[0])
unittest.main(module=types.SimpleNamespace(T=T), argv=['prog'], testRunner=unittest.TextTestRunner(stream=buf))
# raises: SystemExit: False
# ---
import io
import types
import unittest


class T(unittest.TestCase):
    def test_a(self):
        self.assertIn('x', 'abc')


unittest.main(module=types.SimpleNamespace(T=T), argv=['prog'], testRunner=unittest.TextTestRunner(stream=io.StringIO()))
# raises: SystemExit: True
# ---
import asyncio, unittest, io
class A(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        self.v = 41
    async def test_x(self):
        await asyncio.sleep(0)
        self.assertEqual(self.v + 1, 42)
    async def test_y(self):
        self.assertEqual(self.v, 0)
    def test_sync(self):
        self.assertTrue(True)
buf = io.StringIO()
r = unittest.TextTestRunner(stream=buf, verbosity=2).run(unittest.defaultTestLoader.loadTestsFromTestCase(A))
print(r.testsRun, len(r.failures), r.failures[0][1].splitlines()[-1])
