"""Unit testing (CPython's unittest, for self-checking test files).

TestCase with the assert* family and CPython's failure messages, setUp/tearDown,
setUpClass/tearDownClass, cleanups, subTest, the skip and expectedFailure
decorators, TestSuite, TestLoader, TestResult, TextTestRunner and main().

main() finds the TestCase classes of the snippet's own namespace (the sandbox
has no sys.modules and no sys.argv), writes its report to sys.stderr as CPython
does, and ends the run with SystemExit(not successful) unless exit=False.
unittest.mock is not provided.
"""

import sys
import time
import difflib
import pprint
import re
import traceback
import functools
import contextlib
import warnings

__all__ = ['TestResult', 'TestCase', 'IsolatedAsyncioTestCase', 'TestSuite',
           'TextTestRunner', 'TestLoader', 'FunctionTestCase', 'main',
           'defaultTestLoader', 'SkipTest', 'skip', 'skipIf', 'skipUnless',
           'expectedFailure', 'TextTestResult', 'installHandler',
           'registerResult', 'removeResult', 'removeHandler',
           'addModuleCleanup', 'getTestCaseNames', 'makeSuite', 'findTestCases']



class SkipTest(Exception):
    """Raise this in a test (or call TestCase.skipTest) to skip it."""


class _StopTest(Exception):
    # Ends a test early after a failing subTest under failfast.
    pass


# ---------------------------------------------------------------- reprs in messages

_REPR_LIMIT = 80
_ELLIPSIS = 12        # the width of the "[N chars]" that replaces a cut
_KEEP_HEAD = 5
_KEEP_TAIL = 5
_KEEP_COMMON = 5
_KEEP_DIFF = _REPR_LIMIT - (_KEEP_HEAD + _ELLIPSIS + _KEEP_COMMON + _ELLIPSIS + _KEEP_TAIL)


def safe_repr(obj, short=False):
    try:
        text = repr(obj)
    except Exception:
        text = object.__repr__(obj)
    if short and len(text) >= _REPR_LIMIT:
        return text[:_REPR_LIMIT] + ' [truncated]...'
    return text


def _cut_middle(text, head, tail):
    # Keeps head and tail characters of text, naming how many were cut between.
    cut = len(text) - head - tail
    if cut > _ELLIPSIS:
        return '%s[%d chars]%s' % (text[:head], cut, text[len(text) - tail:])
    return text


def _shared_prefix(texts):
    first, last = min(texts), max(texts)
    n = 0
    while n < len(first) and first[n] == last[n]:
        n += 1
    return first[:n]


def _short_reprs(*values):
    # The reprs of values for a "first != second" message: when one is long, the
    # prefix they share and each one's tail are shortened around the difference.
    reprs = tuple(safe_repr(v) for v in values)
    longest = max(len(r) for r in reprs)
    if longest <= _REPR_LIMIT:
        return reprs
    common = _shared_prefix(reprs)
    n = len(common)
    room = _REPR_LIMIT - (longest - n + _KEEP_HEAD + _ELLIPSIS)
    if room > _KEEP_COMMON:
        common = _cut_middle(common, _KEEP_HEAD, room)
        return tuple(common + r[n:] for r in reprs)
    common = _cut_middle(common, _KEEP_HEAD, _KEEP_COMMON)
    return tuple(common + _cut_middle(r[n:], _KEEP_DIFF, _KEEP_TAIL) for r in reprs)


def strclass(cls):
    return '%s.%s' % (cls.__module__, cls.__qualname__)


# ---------------------------------------------------------------- decorators

def _passthrough(item):
    return item


def skip(reason):
    """Skip the decorated test (or every test of the decorated class)."""
    def mark(item):
        if not isinstance(item, type):
            @functools.wraps(item)
            def skipped(*args, **kwargs):
                raise SkipTest(reason)
            item = skipped
        item.__unittest_skip__ = True
        item.__unittest_skip_why__ = reason
        return item
    if callable(reason) and not isinstance(reason, str):
        # @skip with no reason: the test itself was passed.
        item, reason = reason, ''
        return mark(item)
    return mark


def skipIf(condition, reason):
    """Skip the decorated test if condition is true."""
    return skip(reason) if condition else _passthrough


def skipUnless(condition, reason):
    """Skip the decorated test unless condition is true."""
    return _passthrough if condition else skip(reason)


def expectedFailure(test_item):
    """Mark a test as one that is expected to fail."""
    test_item.__unittest_expecting_failure__ = True
    return test_item


# ---------------------------------------------------------------- results

class TestResult:
    """Holds the outcome of a test run: the lists of failures, errors, skips."""

    _previousTestClass = None
    _testRunEntered = False
    _moduleSetUpFailed = False

    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failfast = False
        self.failures = []
        self.errors = []
        self.testsRun = 0
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.shouldStop = False
        self.buffer = False
        self.tb_locals = False

    def printErrors(self):
        pass

    def startTest(self, test):
        self.testsRun += 1

    def startTestRun(self):
        pass

    def stopTest(self, test):
        pass

    def stopTestRun(self):
        pass

    def _stop_if_failfast(self):
        if self.failfast:
            self.shouldStop = True

    def addError(self, test, err):
        self.errors.append((test, self._exc_info_to_string(err, test)))
        self._stop_if_failfast()

    def addFailure(self, test, err):
        self.failures.append((test, self._exc_info_to_string(err, test)))
        self._stop_if_failfast()

    def addSubTest(self, test, subtest, err):
        if err is None:
            return
        self._stop_if_failfast()
        text = self._exc_info_to_string(err, test)
        if issubclass(err[0], test.failureException):
            self.failures.append((subtest, text))
        else:
            self.errors.append((subtest, text))

    def addSuccess(self, test):
        pass

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, self._exc_info_to_string(err, test)))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)
        self._stop_if_failfast()

    def wasSuccessful(self):
        return not self.failures and not self.errors and not self.unexpectedSuccesses

    def stop(self):
        self.shouldStop = True

    def _exc_info_to_string(self, err, test):
        # The traceback without the frames of this module, as CPython leaves out
        # unittest's own frames.
        exc = err[1]
        if exc is None:
            exc = err[0]()
        parts = traceback.format_exception(exc)
        kept = [p for p in parts if not p.startswith('  File "<stdlib>/unittest.py"')]
        return ''.join(kept)

    def __repr__(self):
        return '<%s run=%i errors=%i failures=%i>' % (
            self._display_class, self.testsRun, len(self.errors), len(self.failures))

    _display_class = 'unittest.result.TestResult'


class _Stream:
    # A stream with writeln, as the runner writes its report.
    def __init__(self, stream):
        self.stream = stream

    def __getattr__(self, name):
        if name in ('stream', '__getstate__'):
            raise AttributeError(name)
        return getattr(self.stream, name)

    def writeln(self, arg=None):
        if arg:
            self.write(arg)
        self.write('\n')


class TextTestResult(TestResult):
    """A TestResult that reports to a stream: dots, or one line per test."""

    separator1 = '=' * 70
    separator2 = '-' * 70
    _display_class = 'unittest.runner.TextTestResult'

    def __init__(self, stream, descriptions, verbosity):
        super().__init__(stream, descriptions, verbosity)
        self.stream = stream
        self.showAll = verbosity > 1
        self.dots = verbosity == 1
        self.descriptions = descriptions
        self._line_done = True

    def getDescription(self, test):
        doc = test.shortDescription()
        if self.descriptions and doc:
            return '\n'.join((str(test), doc))
        return str(test)

    def startTest(self, test):
        super().startTest(test)
        if self.showAll:
            self.stream.write(self.getDescription(test))
            self.stream.write(' ... ')
            self.stream.flush()
            self._line_done = False

    def _status(self, test, status):
        sub = isinstance(test, _SubTest)
        if sub or self._line_done:
            if not self._line_done:
                self.stream.writeln()
            if sub:
                self.stream.write('  ')
            self.stream.write(self.getDescription(test))
            self.stream.write(' ... ')
        self.stream.writeln(status)
        self.stream.flush()
        self._line_done = True

    def _report(self, test, word, letter):
        if self.showAll:
            self._status(test, word)
        elif self.dots:
            self.stream.write(letter)
            self.stream.flush()

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if issubclass(err[0], subtest.failureException):
                self._report(subtest, 'FAIL', 'F')
            else:
                self._report(subtest, 'ERROR', 'E')
        super().addSubTest(test, subtest, err)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._report(test, 'ok', '.')

    def addError(self, test, err):
        super().addError(test, err)
        self._report(test, 'ERROR', 'E')

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._report(test, 'FAIL', 'F')

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._report(test, 'skipped {0!r}'.format(reason), 's')

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._report(test, 'expected failure', 'x')

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._report(test, 'unexpected success', 'u')

    def printErrors(self):
        if self.dots or self.showAll:
            self.stream.writeln()
            self.stream.flush()
        self.printErrorList('ERROR', self.errors)
        self.printErrorList('FAIL', self.failures)
        if self.unexpectedSuccesses:
            self.stream.writeln(self.separator1)
            for test in self.unexpectedSuccesses:
                self.stream.writeln('UNEXPECTED SUCCESS: %s' % self.getDescription(test))
            self.stream.flush()

    def printErrorList(self, flavour, errors):
        for test, err in errors:
            self.stream.writeln(self.separator1)
            self.stream.writeln('%s: %s' % (flavour, self.getDescription(test)))
            self.stream.writeln(self.separator2)
            self.stream.writeln('%s' % err)
            self.stream.flush()


# ---------------------------------------------------------------- test cases

class _Outcome:
    # What running one test found: whether every part succeeded, the error an
    # expected failure raised.
    def __init__(self, result):
        self.result = result
        self.expecting_failure = False
        self.success = True
        self.expectedFailure = None

    @contextlib.contextmanager
    def part(self, test, sub=False):
        before = self.success
        self.success = True
        try:
            yield
        except KeyboardInterrupt:
            raise
        except SkipTest as e:
            self.success = False
            _record_skip(self.result, test, str(e))
        except _StopTest:
            pass
        except BaseException as e:
            info = (type(e), e, e.__traceback__)
            if self.expecting_failure:
                self.expectedFailure = info
            else:
                self.success = False
                if sub:
                    self.result.addSubTest(test.test_case, test, info)
                else:
                    _record_error(self.result, test, info)
        else:
            if sub and self.success:
                self.result.addSubTest(test.test_case, test, None)
        finally:
            self.success = self.success and before


def _record_skip(result, test, reason):
    add = getattr(result, 'addSkip', None)
    if add is not None:
        add(test, reason)
    else:
        warnings.warn('TestResult has no addSkip method, skips not reported', RuntimeWarning, 2)
        result.addSuccess(test)


def _record_error(result, test, info):
    if result is not None and info is not None:
        if issubclass(info[0], test.failureException):
            result.addFailure(test, info)
        else:
            result.addError(test, info)


_NO_MESSAGE = object()


class _AssertRaisesContext:
    # assertRaises and assertRaisesRegex: a context manager, or the caller of a
    # callable under one.
    _kind = 'an exception type or tuple of exception types'

    def __init__(self, expected, test_case, expected_regex=None):
        self.expected = expected
        self.test_case = test_case
        if expected_regex is not None:
            expected_regex = re.compile(expected_regex)
        self.expected_regex = expected_regex
        self.obj_name = None
        self.msg = None

    def _acceptable(self, expected):
        if isinstance(expected, type) and issubclass(expected, BaseException):
            return True
        if isinstance(expected, tuple):
            return all(self._acceptable(e) for e in expected)
        return False

    def handle(self, name, args, kwargs):
        if not self._acceptable(self.expected):
            raise TypeError('%s() arg 1 must be %s' % (name, self._kind))
        if not args:
            self.msg = kwargs.pop('msg', None)
            if kwargs:
                raise TypeError('%r is an invalid keyword argument for this function'
                                % (next(iter(kwargs)),))
            return self
        fn, *args = args
        try:
            self.obj_name = fn.__name__
        except AttributeError:
            self.obj_name = str(fn)
        with self:
            fn(*args, **kwargs)

    def _fail(self, standard):
        raise self.test_case.failureException(self.test_case._formatMessage(self.msg, standard))

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            try:
                name = self.expected.__name__
            except AttributeError:
                name = str(self.expected)
            if self.obj_name:
                self._fail('{} not raised by {}'.format(name, self.obj_name))
            self._fail('{} not raised'.format(name))
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value
        if self.expected_regex is not None and not self.expected_regex.search(str(exc_value)):
            self._fail('"{}" does not match "{}"'.format(self.expected_regex.pattern, str(exc_value)))
        return True


class _AssertWarnsContext(_AssertRaisesContext):
    _kind = 'a warning type or tuple of warning types'

    def _acceptable(self, expected):
        if isinstance(expected, type) and issubclass(expected, Warning):
            return True
        if isinstance(expected, tuple):
            return all(self._acceptable(e) for e in expected)
        return False

    def __enter__(self):
        self._catcher = warnings.catch_warnings(record=True)
        self.warnings = self._catcher.__enter__()
        warnings.simplefilter('always')
        return self

    def __exit__(self, exc_type, exc_value, tb):
        self._catcher.__exit__(exc_type, exc_value, tb)
        if exc_type is not None:
            return False
        try:
            name = self.expected.__name__
        except AttributeError:
            name = str(self.expected)
        first_match = None
        for w in self.warnings:
            text = w.message
            if not isinstance(text, self.expected):
                continue
            if first_match is None:
                first_match = text
            if self.expected_regex is not None and not self.expected_regex.search(str(text)):
                continue
            self.warning = text
            self.filename = w.filename
            self.lineno = w.lineno
            return
        if first_match is not None:
            self._fail('"{}" does not match "{}"'.format(self.expected_regex.pattern, str(first_match)))
        if self.obj_name:
            self._fail('{} not triggered by {}'.format(name, self.obj_name))
        self._fail('{} not triggered'.format(name))


class _LogCapture:
    # assertLogs and assertNoLogs: while the block runs, the logger's records of
    # level and above go to a capturing handler (and not to its parents).
    def __init__(self, test_case, logger_name, level, no_logs):
        self.test_case = test_case
        self.logger_name = logger_name
        self.level = level
        self.no_logs = no_logs
        self.records = []
        self.output = []

    def __enter__(self):
        import logging
        if isinstance(self.logger_name, logging.Logger):
            self.logger = logger = self.logger_name
        else:
            self.logger = logger = logging.getLogger(self.logger_name)
        self.level_no = logging._checkLevel(self.level) if self.level else logging.INFO
        capture = self

        class Handler(logging.Handler):
            def emit(self, record):
                capture.records.append(record)
                capture.output.append('%s:%s:%s' % (record.levelname, record.name, record.getMessage()))

        handler = Handler()
        handler.setLevel(self.level_no)
        self.saved = (logger.handlers[:], logger.level, logger.propagate)
        logger.handlers = [handler]
        logger.setLevel(self.level_no)
        logger.propagate = False
        if self.no_logs:
            return None
        return self

    def __exit__(self, exc_type, exc_value, tb):
        import logging
        self.logger.handlers, level, self.logger.propagate = self.saved
        self.logger.setLevel(level)
        if exc_type is not None:
            return False
        if self.no_logs:
            if self.records:
                self._fail('Unexpected logs found: {!r}'.format(self.output))
            return
        if not self.records:
            self._fail('no logs of level {} or higher triggered on {}'.format(
                logging.getLevelName(self.level_no), self.logger.name))

    def _fail(self, standard):
        raise self.test_case.failureException(self.test_case._formatMessage(None, standard))


class _ChainParams(dict):
    # A subtest's parameters: its own over its parent's, the parent's first.
    pass


class TestCase:
    """A test: each method named test* of a subclass is one test case."""

    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8
    _diff_limit = 2 ** 16
    _classSetupFailed = False
    _class_cleanups = []

    def __init_subclass__(cls, *args, **kwargs):
        cls._class_cleanups = []
        super().__init_subclass__(*args, **kwargs)

    def __init__(self, methodName='runTest'):
        self._testMethodName = methodName
        self._outcome = None
        self._testMethodDoc = 'No test'
        try:
            method = getattr(self, methodName)
        except AttributeError:
            if methodName != 'runTest':
                raise ValueError('no such test method in %s: %s' % (self.__class__, methodName))
        else:
            self._testMethodDoc = method.__doc__
        self._cleanups = []
        self._subtest = None
        self._type_equality_funcs = {
            dict: 'assertDictEqual', list: 'assertListEqual', tuple: 'assertTupleEqual',
            set: 'assertSetEqual', frozenset: 'assertSetEqual', str: 'assertMultiLineEqual',
        }

    def addTypeEqualityFunc(self, typeobj, function):
        self._type_equality_funcs[typeobj] = function

    def addCleanup(self, function, /, *args, **kwargs):
        self._cleanups.append((function, args, kwargs))

    def enterContext(self, cm):
        value = type(cm).__enter__(cm)
        self.addCleanup(type(cm).__exit__, cm, None, None, None)
        return value

    @classmethod
    def addClassCleanup(cls, function, /, *args, **kwargs):
        cls._class_cleanups.append((function, args, kwargs))

    @classmethod
    def enterClassContext(cls, cm):
        value = type(cm).__enter__(cm)
        cls.addClassCleanup(type(cm).__exit__, cm, None, None, None)
        return value

    def setUp(self):
        pass

    def tearDown(self):
        pass

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def countTestCases(self):
        return 1

    def defaultTestResult(self):
        return TestResult()

    def shortDescription(self):
        doc = self._testMethodDoc
        return doc.strip().split('\n')[0].strip() if doc else None

    def id(self):
        return '%s.%s' % (strclass(self.__class__), self._testMethodName)

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        return self._testMethodName == other._testMethodName

    def __hash__(self):
        return hash((type(self), self._testMethodName))

    def __str__(self):
        return '%s (%s.%s)' % (self._testMethodName, strclass(self.__class__), self._testMethodName)

    def __repr__(self):
        return '<%s testMethod=%s>' % (strclass(self.__class__), self._testMethodName)

    @contextlib.contextmanager
    def subTest(self, msg=_NO_MESSAGE, **params):
        """A context in which a failure is reported as its own subtest (with msg and
        params in its description) and the test goes on."""
        if self._outcome is None:
            yield
            return
        parent = self._subtest
        merged = _ChainParams(parent.params if parent is not None else {})
        merged.update(params)
        self._subtest = _SubTest(self, msg, merged)
        try:
            with self._outcome.part(self._subtest, sub=True):
                yield
            if not self._outcome.success:
                if self._outcome.result is not None and self._outcome.result.failfast:
                    raise _StopTest
            elif self._outcome.expectedFailure:
                raise _StopTest
        finally:
            self._subtest = parent

    def _callSetUp(self):
        self.setUp()

    def _callTestMethod(self, method):
        if method() is not None:
            warnings.warn('It is deprecated to return a value that is not None from a '
                          'test case (%s)' % method, DeprecationWarning, 3)

    def _callTearDown(self):
        self.tearDown()

    def _callCleanup(self, function, /, *args, **kwargs):
        function(*args, **kwargs)

    def run(self, result=None):
        own_result = result is None
        if own_result:
            result = self.defaultTestResult()
            result.startTestRun()
        result.startTest(self)
        try:
            method = getattr(self, self._testMethodName)
            if getattr(self.__class__, '__unittest_skip__', False) or getattr(method, '__unittest_skip__', False):
                why = (getattr(self.__class__, '__unittest_skip_why__', '')
                       or getattr(method, '__unittest_skip_why__', ''))
                _record_skip(result, self, why)
                return result
            expecting = (getattr(self, '__unittest_expecting_failure__', False)
                         or getattr(method, '__unittest_expecting_failure__', False))
            outcome = _Outcome(result)
            self._outcome = outcome
            try:
                with outcome.part(self):
                    self._callSetUp()
                if outcome.success:
                    outcome.expecting_failure = expecting
                    with outcome.part(self):
                        self._callTestMethod(method)
                    outcome.expecting_failure = False
                    with outcome.part(self):
                        self._callTearDown()
                self.doCleanups()
                if outcome.success:
                    if expecting:
                        if outcome.expectedFailure:
                            result.addExpectedFailure(self, outcome.expectedFailure)
                        else:
                            result.addUnexpectedSuccess(self)
                    else:
                        result.addSuccess(self)
                return result
            finally:
                self._outcome = None
        finally:
            result.stopTest(self)
            if own_result:
                result.stopTestRun()

    def doCleanups(self):
        outcome = self._outcome or _Outcome(None)
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            with outcome.part(self):
                self._callCleanup(function, *args, **kwargs)
        return outcome.success

    @classmethod
    def doClassCleanups(cls):
        cls.tearDown_exceptions = []
        while cls._class_cleanups:
            function, args, kwargs = cls._class_cleanups.pop()
            try:
                function(*args, **kwargs)
            except Exception as e:
                cls.tearDown_exceptions.append((type(e), e, e.__traceback__))

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def skipTest(self, reason):
        raise SkipTest(reason)

    def fail(self, msg=None):
        raise self.failureException(msg)

    def _formatMessage(self, msg, standardMsg):
        if not self.longMessage:
            return msg or standardMsg
        if msg is None:
            return standardMsg
        try:
            return '%s : %s' % (standardMsg, msg)
        except UnicodeDecodeError:
            return '%s : %s' % (safe_repr(standardMsg), safe_repr(msg))

    def _truncateMessage(self, message, diff):
        limit = self.maxDiff
        if limit is None or len(diff) <= limit:
            return message + diff
        return message + ('\nDiff is %s characters long. Set self.maxDiff to None to see it.' % len(diff))

    # ---- truth and identity ----

    def assertTrue(self, expr, msg=None):
        if not expr:
            self.fail(self._formatMessage(msg, '%s is not true' % safe_repr(expr)))

    def assertFalse(self, expr, msg=None):
        if expr:
            self.fail(self._formatMessage(msg, '%s is not false' % safe_repr(expr)))

    def assertIs(self, expr1, expr2, msg=None):
        if expr1 is not expr2:
            self.fail(self._formatMessage(msg, '%s is not %s' % (safe_repr(expr1), safe_repr(expr2))))

    def assertIsNot(self, expr1, expr2, msg=None):
        if expr1 is expr2:
            self.fail(self._formatMessage(msg, 'unexpectedly identical: %s' % safe_repr(expr1)))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            self.fail(self._formatMessage(msg, '%s is not None' % safe_repr(obj)))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            self.fail(self._formatMessage(msg, 'unexpectedly None'))

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is not an instance of %r' % (safe_repr(obj), cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is an instance of %r' % (safe_repr(obj), cls)))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self.fail(self._formatMessage(msg, '%s not found in %s' % (safe_repr(member), safe_repr(container))))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            self.fail(self._formatMessage(msg, '%s unexpectedly found in %s'
                                          % (safe_repr(member), safe_repr(container))))

    # ---- comparisons ----

    def _equality_check(self, first, second):
        if type(first) == type(second):
            check = self._type_equality_funcs.get(type(first))
            if check is not None:
                if isinstance(check, str):
                    check = getattr(self, check)
                return check
        return self._baseAssertEqual

    def _baseAssertEqual(self, first, second, msg=None):
        if not first == second:
            standard = '%s != %s' % _short_reprs(first, second)
            raise self.failureException(self._formatMessage(msg, standard))

    def assertEqual(self, first, second, msg=None):
        self._equality_check(first, second)(first, second, msg=msg)

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            self.fail(self._formatMessage(msg, '%s == %s' % (safe_repr(first), safe_repr(second))))

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError('specify delta or places not both')
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standard = '%s != %s within %s delta (%s difference)' % (
                safe_repr(first), safe_repr(second), safe_repr(delta), safe_repr(diff))
        else:
            if places is None:
                places = 7
            if round(diff, places) == 0:
                return
            standard = '%s != %s within %r places (%s difference)' % (
                safe_repr(first), safe_repr(second), places, safe_repr(diff))
        raise self.failureException(self._formatMessage(msg, standard))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if delta is not None and places is not None:
            raise TypeError('specify delta or places not both')
        diff = abs(first - second)
        if delta is not None:
            if not (first == second) and diff > delta:
                return
            standard = '%s == %s within %s delta (%s difference)' % (
                safe_repr(first), safe_repr(second), safe_repr(delta), safe_repr(diff))
        else:
            if places is None:
                places = 7
            if not (first == second) and round(diff, places) != 0:
                return
            standard = '%s == %s within %r places' % (safe_repr(first), safe_repr(second), places)
        raise self.failureException(self._formatMessage(msg, standard))

    def assertLess(self, a, b, msg=None):
        if not a < b:
            self.fail(self._formatMessage(msg, '%s not less than %s' % (safe_repr(a), safe_repr(b))))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            self.fail(self._formatMessage(msg, '%s not less than or equal to %s' % (safe_repr(a), safe_repr(b))))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            self.fail(self._formatMessage(msg, '%s not greater than %s' % (safe_repr(a), safe_repr(b))))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            self.fail(self._formatMessage(msg, '%s not greater than or equal to %s'
                                          % (safe_repr(a), safe_repr(b))))

    # ---- containers ----

    def assertSequenceEqual(self, seq1, seq2, msg=None, seq_type=None):
        if seq_type is not None:
            kind = seq_type.__name__
            if not isinstance(seq1, seq_type):
                raise self.failureException('First sequence is not a %s: %s' % (kind, safe_repr(seq1)))
            if not isinstance(seq2, seq_type):
                raise self.failureException('Second sequence is not a %s: %s' % (kind, safe_repr(seq2)))
        else:
            kind = 'sequence'
        report = None
        try:
            len1 = len(seq1)
        except (TypeError, NotImplementedError):
            report = 'First %s has no length.    Non-sequence?' % kind
        if report is None:
            try:
                len2 = len(seq2)
            except (TypeError, NotImplementedError):
                report = 'Second %s has no length.    Non-sequence?' % kind
        if report is None:
            if seq1 == seq2:
                return
            report = '%ss differ: %s != %s\n' % ((kind.capitalize(),) + _short_reprs(seq1, seq2))
            for i in range(min(len1, len2)):
                try:
                    item1 = seq1[i]
                except (TypeError, IndexError, NotImplementedError):
                    report += '\nUnable to index element %d of first %s\n' % (i, kind)
                    break
                try:
                    item2 = seq2[i]
                except (TypeError, IndexError, NotImplementedError):
                    report += '\nUnable to index element %d of second %s\n' % (i, kind)
                    break
                if item1 != item2:
                    report += '\nFirst differing element %d:\n%s\n%s\n' % ((i,) + _short_reprs(item1, item2))
                    break
            else:
                if len1 == len2 and seq_type is None and type(seq1) != type(seq2):
                    # Equal items in sequences of different types.
                    return
            if len1 != len2:
                which, longer, n = ('First', seq1, len2) if len1 > len2 else ('Second', seq2, len1)
                report += '\n%s %s contains %d additional elements.\n' % (which, kind, abs(len1 - len2))
                try:
                    report += 'First extra element %d:\n%s\n' % (n, safe_repr(longer[n]))
                except (TypeError, IndexError, NotImplementedError):
                    report += 'Unable to index element %d of %s %s\n' % (n, which.lower(), kind)
        diff = '\n' + '\n'.join(difflib.ndiff(pprint.pformat(seq1).splitlines(),
                                              pprint.pformat(seq2).splitlines()))
        self.fail(self._formatMessage(msg, self._truncateMessage(report, diff)))

    def assertListEqual(self, list1, list2, msg=None):
        self.assertSequenceEqual(list1, list2, msg, seq_type=list)

    def assertTupleEqual(self, tuple1, tuple2, msg=None):
        self.assertSequenceEqual(tuple1, tuple2, msg, seq_type=tuple)

    def assertSetEqual(self, set1, set2, msg=None):
        try:
            only1 = set1.difference(set2)
        except TypeError as e:
            self.fail('invalid type when attempting set difference: %s' % e)
        except AttributeError as e:
            self.fail('first argument does not support set difference: %s' % e)
        try:
            only2 = set2.difference(set1)
        except TypeError as e:
            self.fail('invalid type when attempting set difference: %s' % e)
        except AttributeError as e:
            self.fail('second argument does not support set difference: %s' % e)
        if not (only1 or only2):
            return
        lines = []
        if only1:
            lines.append('Items in the first set but not the second:')
            lines.extend(repr(item) for item in only1)
        if only2:
            lines.append('Items in the second set but not the first:')
            lines.extend(repr(item) for item in only2)
        self.fail(self._formatMessage(msg, '\n'.join(lines)))

    def assertDictEqual(self, d1, d2, msg=None):
        self.assertIsInstance(d1, dict, 'First argument is not a dictionary')
        self.assertIsInstance(d2, dict, 'Second argument is not a dictionary')
        if d1 != d2:
            standard = '%s != %s' % _short_reprs(d1, d2)
            diff = '\n' + '\n'.join(difflib.ndiff(pprint.pformat(d1).splitlines(),
                                                  pprint.pformat(d2).splitlines()))
            self.fail(self._formatMessage(msg, self._truncateMessage(standard, diff)))

    def assertMultiLineEqual(self, first, second, msg=None):
        self.assertIsInstance(first, str, 'First argument is not a string')
        self.assertIsInstance(second, str, 'Second argument is not a string')
        if first == second:
            return
        if len(first) > self._diff_limit or len(second) > self._diff_limit:
            self._baseAssertEqual(first, second, msg)
        lines1 = first.splitlines(keepends=True)
        lines2 = second.splitlines(keepends=True)
        if len(lines1) == 1 and first.strip('\r\n') == first:
            lines1 = [first + '\n']
            lines2 = [second + '\n']
        standard = '%s != %s' % _short_reprs(first, second)
        diff = '\n' + ''.join(difflib.ndiff(lines1, lines2))
        self.fail(self._formatMessage(msg, self._truncateMessage(standard, diff)))

    def assertCountEqual(self, first, second, msg=None):
        """Asserts that two iterables have the same elements, the same number of
        times, without regard to order."""
        items1, items2 = list(first), list(second)
        try:
            counts1, counts2 = _tally(items1), _tally(items2)
        except TypeError:
            mismatches = _count_mismatches_any(items1, items2)
        else:
            if counts1 == counts2:
                return
            mismatches = _count_mismatches(counts1, counts2)
        if mismatches:
            lines = ['First has %d, Second has %d:  %r' % m for m in mismatches]
            standard = self._truncateMessage('Element counts were not equal:\n', '\n'.join(lines))
            self.fail(self._formatMessage(msg, standard))

    # ---- regular expressions ----

    def assertRegex(self, text, expected_regex, msg=None):
        if isinstance(expected_regex, (str, bytes)):
            assert expected_regex, 'expected_regex must not be empty.'
            expected_regex = re.compile(expected_regex)
        if not expected_regex.search(text):
            standard = "Regex didn't match: %r not found in %r" % (expected_regex.pattern, text)
            raise self.failureException(self._formatMessage(msg, standard))

    def assertNotRegex(self, text, unexpected_regex, msg=None):
        if isinstance(unexpected_regex, (str, bytes)):
            unexpected_regex = re.compile(unexpected_regex)
        m = unexpected_regex.search(text)
        if m:
            standard = 'Regex matched: %r matches %r in %r' % (
                text[m.start():m.end()], unexpected_regex.pattern, text)
            raise self.failureException(self._formatMessage(msg, standard))

    # ---- exceptions and warnings ----

    def assertRaises(self, expected_exception, *args, **kwargs):
        return _AssertRaisesContext(expected_exception, self).handle('assertRaises', args, kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex, *args, **kwargs):
        ctx = _AssertRaisesContext(expected_exception, self, expected_regex)
        return ctx.handle('assertRaisesRegex', args, kwargs)

    def assertWarns(self, expected_warning, *args, **kwargs):
        return _AssertWarnsContext(expected_warning, self).handle('assertWarns', args, kwargs)

    def assertWarnsRegex(self, expected_warning, expected_regex, *args, **kwargs):
        ctx = _AssertWarnsContext(expected_warning, self, expected_regex)
        return ctx.handle('assertWarnsRegex', args, kwargs)

    def assertLogs(self, logger=None, level=None):
        """A context manager that fails unless the block logs a record of level
        (INFO by default) or above on logger (the root logger by default); its
        value has .records and .output ("LEVEL:name:message")."""
        return _LogCapture(self, logger, level, no_logs=False)

    def assertNoLogs(self, logger=None, level=None):
        """A context manager that fails if the block logs a record of level (INFO
        by default) or above on logger."""
        return _LogCapture(self, logger, level, no_logs=True)

    # The old names, still accepted by CPython 3.11.
    assertEquals = failUnlessEqual = assertEqual
    assertNotEquals = failIfEqual = assertNotEqual
    assertAlmostEquals = failUnlessAlmostEqual = assertAlmostEqual
    assertNotAlmostEquals = failIfAlmostEqual = assertNotAlmostEqual
    failUnless = assert_ = assertTrue
    failIf = assertFalse
    failUnlessRaises = assertRaises
    assertRaisesRegexp = assertRaisesRegex
    assertRegexpMatches = assertRegex
    assertNotRegexpMatches = assertNotRegex


def _tally(items):
    counts = {}
    for x in items:
        counts[x] = counts.get(x, 0) + 1
    return counts


def _count_mismatches(counts1, counts2):
    out = []
    for x, n in counts1.items():
        m = counts2.get(x, 0)
        if n != m:
            out.append((n, m, x))
    for x, m in counts2.items():
        if x not in counts1:
            out.append((0, m, x))
    return out


def _count_mismatches_any(items1, items2):
    # The counting of _count_mismatches for unhashable items: quadratic, by ==.
    gone = object()
    a, b = list(items1), list(items2)
    out = []
    for i, x in enumerate(a):
        if x is gone:
            continue
        n = m = 0
        for j in range(i, len(a)):
            if a[j] == x:
                n += 1
                a[j] = gone
        for j, y in enumerate(b):
            if y == x:
                m += 1
                b[j] = gone
        if n != m:
            out.append((n, m, x))
    for i, y in enumerate(b):
        if y is gone:
            continue
        m = 0
        for j in range(i, len(b)):
            if b[j] == y:
                m += 1
                b[j] = gone
        out.append((0, m, y))
    return out


class _SubTest(TestCase):
    def __init__(self, test_case, message, params):
        super().__init__()
        self._message = message
        self.test_case = test_case
        self.params = params
        self.failureException = test_case.failureException

    def runTest(self):
        raise NotImplementedError('subtests cannot be run directly')

    def _subDescription(self):
        parts = []
        if self._message is not _NO_MESSAGE:
            parts.append('[{}]'.format(self._message))
        if self.params:
            parts.append('({})'.format(', '.join('{}={!r}'.format(k, v) for k, v in self.params.items())))
        return ' '.join(parts) or '(<subtest>)'

    def id(self):
        return '{} {}'.format(self.test_case.id(), self._subDescription())

    def shortDescription(self):
        return self.test_case.shortDescription()

    def __str__(self):
        return '{} {}'.format(self.test_case, self._subDescription())


class FunctionTestCase(TestCase):
    """A test case that wraps a test function (with optional set-up and tear-down)."""

    def __init__(self, testFunc, setUp=None, tearDown=None, description=None):
        super().__init__()
        self._setUpFunc = setUp
        self._tearDownFunc = tearDown
        self._testFunc = testFunc
        self._description = description

    def setUp(self):
        if self._setUpFunc is not None:
            self._setUpFunc()

    def tearDown(self):
        if self._tearDownFunc is not None:
            self._tearDownFunc()

    def runTest(self):
        self._testFunc()

    def id(self):
        return self._testFunc.__name__

    def __str__(self):
        return '%s (%s)' % (strclass(self.__class__), self._testFunc.__name__)

    def __repr__(self):
        return '<%s tec=%s>' % (strclass(self.__class__), self._testFunc)

    def shortDescription(self):
        if self._description is not None:
            return self._description
        doc = self._testFunc.__doc__
        return doc and doc.split('\n')[0].strip() or None


class IsolatedAsyncioTestCase(TestCase):
    """A TestCase whose test methods, asyncSetUp and asyncTearDown may be coroutines,
    each run to completion with asyncio.run."""

    async def asyncSetUp(self):
        pass

    async def asyncTearDown(self):
        pass

    def _await(self, value):
        import asyncio
        if asyncio.iscoroutine(value) or hasattr(value, '__await__'):
            return asyncio.run(_awaiting(value))
        return value

    def _callSetUp(self):
        self.setUp()
        self._await(self.asyncSetUp())

    def _callTestMethod(self, method):
        self._await(method())

    def _callTearDown(self):
        self._await(self.asyncTearDown())
        self.tearDown()

    def _callCleanup(self, function, /, *args, **kwargs):
        self._await(function(*args, **kwargs))


async def _awaiting(aw):
    return await aw


# ---------------------------------------------------------------- suites

def _fixture_namespace(name):
    # The module whose setUpModule/tearDownModule a test's class names: the
    # run's own namespace for __main__ (the sandbox has no sys.modules).
    if name == '__main__':
        return _Namespace(_main_namespace())
    return None


class _ErrorHolder:
    # Stands for a class or module fixture that failed, in the report.
    failureException = None

    def __init__(self, description):
        self.description = description

    def id(self):
        return self.description

    def shortDescription(self):
        return None

    def __repr__(self):
        return '<ErrorHolder description=%r>' % (self.description,)

    def __str__(self):
        return self.id()

    def run(self, result):
        pass

    def __call__(self, result):
        return self.run(result)

    def countTestCases(self):
        return 0


class BaseTestSuite:
    """A collection of tests (cases and suites), run in order."""

    def __init__(self, tests=()):
        self._tests = []
        self.addTests(tests)

    def __repr__(self):
        return '<%s tests=%s>' % (strclass(self.__class__), list(self))

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return list(self) == list(other)

    def __iter__(self):
        return iter(self._tests)

    def countTestCases(self):
        return sum(test.countTestCases() for test in self._tests if test is not None)

    def addTest(self, test):
        if not callable(test):
            raise TypeError('{} is not callable'.format(repr(test)))
        if isinstance(test, type) and issubclass(test, (TestCase, TestSuite)):
            raise TypeError('TestCases and TestSuites must be instantiated before passing them to addTest()')
        self._tests.append(test)

    def addTests(self, tests):
        if isinstance(tests, str):
            raise TypeError('tests must be an iterable of tests, not a string')
        for test in tests:
            self.addTest(test)

    def run(self, result):
        for test in self:
            if result.shouldStop:
                break
            test(result)
        return result

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        for test in self:
            test.debug()


class TestSuite(BaseTestSuite):
    """A test suite that also runs the setUpClass and tearDownClass of the classes
    of its tests, once per class."""

    def run(self, result, debug=False):
        top = not getattr(result, '_testRunEntered', False)
        if top:
            result._testRunEntered = True
        for test in self:
            if result.shouldStop:
                break
            if isinstance(test, TestCase) and not isinstance(test, _SubTest):
                self._enter_class(test, result)
                if test.__class__._classSetupFailed or getattr(result, '_moduleSetUpFailed', False):
                    continue
            test(result)
        if top:
            self._leave_class(result)
            self._leave_module(result)
            result._testRunEntered = False
        return result

    def _enter_module(self, name, result):
        # setUpModule of the module of the tests about to run, once for a run of
        # its tests (the module is the run's own namespace for __main__).
        if name == getattr(result, '_fixtureModule', None):
            return
        self._leave_module(result)
        result._fixtureModule = name
        result._moduleSetUpFailed = False
        module = _fixture_namespace(name)
        set_up = getattr(module, 'setUpModule', None) if module is not None else None
        if set_up is None:
            return
        try:
            set_up()
        except Exception as e:
            result._moduleSetUpFailed = True
            self._fixture_error(result, e, 'setUpModule', name)
        if result._moduleSetUpFailed:
            try:
                doModuleCleanups()
            except Exception as e:
                self._fixture_error(result, e, 'setUpModule', name)

    def _leave_module(self, result):
        name = getattr(result, '_fixtureModule', None)
        if name is None:
            return
        result._fixtureModule = None
        if getattr(result, '_moduleSetUpFailed', False):
            return
        module = _fixture_namespace(name)
        tear_down = getattr(module, 'tearDownModule', None) if module is not None else None
        if tear_down is not None:
            try:
                tear_down()
            except Exception as e:
                self._fixture_error(result, e, 'tearDownModule', name)
        try:
            doModuleCleanups()
        except Exception as e:
            self._fixture_error(result, e, 'tearDownModule', name)

    def _enter_class(self, test, result):
        cls = test.__class__
        if cls is getattr(result, '_previousTestClass', None):
            return
        self._leave_class(result)
        self._enter_module(cls.__module__, result)
        result._previousTestClass = cls
        if getattr(result, '_moduleSetUpFailed', False):
            return
        cls._classSetupFailed = False
        if getattr(cls, '__unittest_skip__', False):
            return
        try:
            cls.setUpClass()
        except Exception as e:
            cls._classSetupFailed = True
            self._fixture_error(result, e, 'setUpClass', strclass(cls))
            cls.doClassCleanups()
            for info in cls.tearDown_exceptions:
                self._fixture_error(result, info[1], 'setUpClass', strclass(cls))

    def _leave_class(self, result):
        previous = getattr(result, '_previousTestClass', None)
        if previous is None:
            return
        result._previousTestClass = None
        if previous._classSetupFailed or getattr(previous, '__unittest_skip__', False):
            previous._classSetupFailed = False
            return
        try:
            previous.tearDownClass()
        except Exception as e:
            self._fixture_error(result, e, 'tearDownClass', strclass(previous))
        previous.doClassCleanups()
        for info in previous.tearDown_exceptions:
            self._fixture_error(result, info[1], 'tearDownClass', strclass(previous))

    def _fixture_error(self, result, exc, method, where):
        holder = _ErrorHolder('%s (%s)' % (method, where))
        info = (type(exc), exc, exc.__traceback__)
        if isinstance(exc, SkipTest):
            _record_skip(result, holder, str(exc))
        else:
            result.addError(holder, info)


# ---------------------------------------------------------------- loading

class TestLoader:
    """Collects the tests of TestCase classes, modules and names into suites."""

    testMethodPrefix = 'test'
    sortTestMethodsUsing = None
    testNamePatterns = None
    suiteClass = TestSuite

    def __init__(self):
        self.errors = []

    def loadTestsFromTestCase(self, testCaseClass):
        if issubclass(testCaseClass, TestSuite):
            raise TypeError('Test cases should not be derived from TestSuite. Maybe you meant to derive from TestCase?')
        names = self.getTestCaseNames(testCaseClass)
        if not names and hasattr(testCaseClass, 'runTest'):
            names = ['runTest']
        return self.suiteClass(map(testCaseClass, names))

    def loadTestsFromModule(self, module, *, pattern=None):
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TestCase) and obj not in _OWN_CASES:
                tests.append(self.loadTestsFromTestCase(obj))
        load_tests = getattr(module, 'load_tests', None)
        suite = self.suiteClass(tests)
        if load_tests is not None:
            return load_tests(self, suite, pattern)
        return suite

    def loadTestsFromName(self, name, module=None):
        parts = name.split('.')
        if module is None:
            raise ImportError('No module named %r (the sandbox loads tests from the run\'s own namespace)'
                              % parts[0])
        obj, parent = module, None
        for part in parts:
            parent, obj = obj, getattr(obj, part)
        if isinstance(obj, type) and issubclass(obj, TestCase):
            return self.loadTestsFromTestCase(obj)
        if isinstance(parent, type) and issubclass(parent, TestCase):
            return self.suiteClass([parent(parts[-1])])
        if isinstance(obj, TestSuite):
            return obj
        if callable(obj):
            test = obj()
            if isinstance(test, (TestSuite, TestCase)):
                return test
            raise TypeError('calling %s returned %s, not a test' % (obj, test))
        raise TypeError("don't know how to make test from: %s" % obj)

    def loadTestsFromNames(self, names, module=None):
        return self.suiteClass([self.loadTestsFromName(name, module) for name in names])

    def getTestCaseNames(self, testCaseClass):
        prefix = self.testMethodPrefix

        def wanted(name):
            if not name.startswith(prefix):
                return False
            if not callable(getattr(testCaseClass, name)):
                return False
            if self.testNamePatterns is None:
                return True
            full = '%s.%s.%s' % (testCaseClass.__module__, testCaseClass.__qualname__, name)
            return any(_fnmatch_case(full, p) for p in self.testNamePatterns)
        names = [n for n in dir(testCaseClass) if wanted(n)]
        if self.sortTestMethodsUsing is not None:
            names.sort(key=functools.cmp_to_key(self.sortTestMethodsUsing))
        else:
            names.sort()
        return names


def _fnmatch_case(name, pattern):
    import fnmatch
    return fnmatch.fnmatchcase(name, pattern)


defaultTestLoader = TestLoader()


def getTestCaseNames(testCaseClass, prefix, sortUsing=None, testNamePatterns=None):
    loader = TestLoader()
    loader.testMethodPrefix = prefix
    loader.sortTestMethodsUsing = sortUsing
    loader.testNamePatterns = testNamePatterns
    return loader.getTestCaseNames(testCaseClass)


def makeSuite(testCaseClass, prefix='test', sortUsing=None, suiteClass=TestSuite):
    loader = TestLoader()
    loader.testMethodPrefix = prefix
    loader.sortTestMethodsUsing = sortUsing
    loader.suiteClass = suiteClass
    return loader.loadTestsFromTestCase(testCaseClass)


def findTestCases(module, prefix='test', sortUsing=None, suiteClass=TestSuite):
    loader = TestLoader()
    loader.testMethodPrefix = prefix
    loader.sortTestMethodsUsing = sortUsing
    loader.suiteClass = suiteClass
    return loader.loadTestsFromModule(module)


# ---------------------------------------------------------------- running

class TextTestRunner:
    """Runs a test and writes CPython's report to a stream (sys.stderr by default)."""

    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False, buffer=False,
                 resultclass=None, warnings=None, *, tb_locals=False):
        if stream is None:
            stream = sys.stderr
        self.stream = _Stream(stream)
        self.descriptions = descriptions
        self.verbosity = verbosity
        self.failfast = failfast
        self.buffer = buffer
        self.tb_locals = tb_locals
        self.warnings = warnings
        if resultclass is not None:
            self.resultclass = resultclass

    def _makeResult(self):
        return self.resultclass(self.stream, self.descriptions, self.verbosity)

    def run(self, test):
        result = self._makeResult()
        result.failfast = self.failfast
        result.buffer = self.buffer
        result.tb_locals = self.tb_locals
        began = time.perf_counter()
        start = getattr(result, 'startTestRun', None)
        if start is not None:
            start()
        try:
            test(result)
        finally:
            stop = getattr(result, 'stopTestRun', None)
            if stop is not None:
                stop()
        taken = time.perf_counter() - began
        result.printErrors()
        if hasattr(result, 'separator2'):
            self.stream.writeln(result.separator2)
        run = result.testsRun
        self.stream.writeln('Ran %d test%s in %.3fs' % (run, 's' if run != 1 else '', taken))
        self.stream.writeln()
        notes = []
        if not result.wasSuccessful():
            self.stream.write('FAILED')
            if result.failures:
                notes.append('failures=%d' % len(result.failures))
            if result.errors:
                notes.append('errors=%d' % len(result.errors))
        else:
            self.stream.write('OK')
        for label, items in (('skipped', 'skipped'), ('expected failures', 'expectedFailures'),
                             ('unexpected successes', 'unexpectedSuccesses')):
            n = len(getattr(result, items, ()))
            if n:
                notes.append('%s=%d' % (label, n))
        if notes:
            self.stream.writeln(' (%s)' % ', '.join(notes))
        else:
            self.stream.write('\n')
        self.stream.flush()
        return result


class _Namespace:
    # The snippet's globals seen as a module, for loadTestsFromModule.
    def __init__(self, names):
        self._names = names

    def __dir__(self):
        return sorted(self._names)

    def __getattr__(self, name):
        try:
            return self._names[name]
        except KeyError:
            raise AttributeError(name) from None


class TestProgram:
    """Loads and runs the tests of a module (main() is this class): by default the
    TestCase classes of the run's own namespace."""

    def __init__(self, module='__main__', defaultTest=None, argv=None, testRunner=None,
                 testLoader=defaultTestLoader, exit=True, verbosity=1, failfast=None,
                 catchbreak=None, buffer=None, warnings=None, *, tb_locals=False):
        if isinstance(module, str):
            if module == '__main__':
                module = _Namespace(_main_namespace())
            else:
                raise ImportError('unittest.main(module=%r): the sandbox runs the tests of the run\'s '
                                  'own namespace (the default, "__main__"); pass a module object '
                                  'to run another\'s' % (module,))
        self.module = module
        self.exit = exit
        self.failfast = failfast
        self.catchbreak = catchbreak
        self.verbosity = verbosity
        self.buffer = buffer
        self.tb_locals = tb_locals
        self.warnings = warnings
        self.defaultTest = defaultTest
        self.testRunner = testRunner
        self.testLoader = testLoader
        self.progName = 'python'
        self.testNamePatterns = None
        self.testNames = None
        if argv is None:
            argv = ['python']
        self.parseArgs(argv)
        self.runTests()

    def parseArgs(self, argv):
        names = []
        args = list(argv[1:])
        while args:
            a = args.pop(0)
            if a in ('-v', '--verbose'):
                self.verbosity = 2
            elif a in ('-q', '--quiet'):
                self.verbosity = 0
            elif a in ('-f', '--failfast'):
                self.failfast = True
            elif a in ('-b', '--buffer'):
                self.buffer = True
            elif a == '--locals':
                self.tb_locals = True
            elif a == '-k' and args:
                pattern = args.pop(0)
                if '*' not in pattern:
                    pattern = '*%s*' % pattern
                self.testNamePatterns = (self.testNamePatterns or []) + [pattern]
            elif a.startswith('-'):
                raise SystemExit(2)
            else:
                names.append(a)
        if names:
            self.testNames = names
        elif self.defaultTest is not None:
            self.testNames = [self.defaultTest] if isinstance(self.defaultTest, str) else list(self.defaultTest)
        self.createTests()

    def createTests(self):
        if self.testNamePatterns:
            self.testLoader.testNamePatterns = self.testNamePatterns
        if self.testNames is None:
            self.test = self.testLoader.loadTestsFromModule(self.module)
        else:
            self.test = self.testLoader.loadTestsFromNames(self.testNames, self.module)

    def runTests(self):
        runner = self.testRunner
        if runner is None:
            runner = TextTestRunner
        if isinstance(runner, type):
            try:
                runner = runner(verbosity=self.verbosity, failfast=self.failfast, buffer=self.buffer,
                                warnings=self.warnings, tb_locals=self.tb_locals)
            except TypeError:
                runner = runner()
        self.result = runner.run(self.test)
        if self.exit:
            sys.exit(not self.result.wasSuccessful())


main = TestProgram


def installHandler():
    pass


def removeHandler(method=None):
    if method is not None:
        return method
    return None


def registerResult(result):
    pass


def removeResult(result):
    return False


_module_cleanups = []


def addModuleCleanup(function, /, *args, **kwargs):
    _module_cleanups.append((function, args, kwargs))


def doModuleCleanups():
    """Run the functions addModuleCleanup registered, last first; raise the first
    error one of them raised, after running them all."""
    errors = []
    while _module_cleanups:
        function, args, kwargs = _module_cleanups.pop()
        try:
            function(*args, **kwargs)
        except Exception as e:
            errors.append(e)
    if errors:
        raise errors[0]


_OWN_CASES = (TestCase, FunctionTestCase, IsolatedAsyncioTestCase, _SubTest)
