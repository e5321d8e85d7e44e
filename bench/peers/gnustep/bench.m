/*
 * bench.m - the GNUstep peer of MiniKVO's side-by-side KVO benchmark.
 *
 * It measures GNUstep Foundation's real KVO (gnustep-base 1.28 on gcc's own libobjc,
 * manual retain/release) with the same scenarios, ids, flags and output format as the
 * Swift suite (`kvo-bench`), so that bench/compare.sh can join the two line by line.
 *
 * Method (identical in spirit on both sides): for every scenario one untimed warm-up
 * batch, then R timed repetitions (default 7, --reps N). A repetition times a batch of
 * N operations with clock_gettime(CLOCK_MONOTONIC) and yields ns/op. We report the
 * median, min and max ns/op over the repetitions, plus a "check" value computed in the
 * last repetition (usually a count of notifications that really arrived) so that nothing
 * is optimised away and a broken scenario is visible. N is chosen per scenario so that
 * one repetition takes roughly 20-100 ms on this machine.
 *
 * Where anything is autoreleased (KVO change dictionaries, boxed values) the timed loop
 * runs inside NSAutoreleasePools of 1024 operations each; creating and draining those
 * pools is inside the timed region, because releasing those objects is part of the
 * cost of the operation (the Swift side frees them at once under ARC).
 *
 * Scenarios (ids are fixed and shared with the Swift side):
 *   M1   plain cached message send of a 1-argument setter, [p setAge:i], on an object
 *        that is not observed (GNU runtime: objc_msg_lookup + indirect call per send).
 *   K0   the same setter on a fresh object of a class that has never been observed
 *        (QuietPerson); on GNUstep this is the same machinery as M1.
 *   K1   notifying setter setAge: with 1 observer (options New|Old); the observer counts
 *        the notifications and reads the new value from the change dictionary.
 *   K2   the same with 10 distinct observers of `age`.
 *   K3   setter of an unobserved scalar key (setScore:) on an object whose `age` has 10
 *        observers: what observers of OTHER keys cost. `score` is never observed anywhere.
 *   K3x  (peer only) setter of a scalar key (setLevel:) that is not observed on this
 *        object but is observed on ANOTHER instance of the same class. GNUstep overrides
 *        setters per class (in the GSKVOPerson subclass), so this shows the cost of a
 *        hooked setter with no observer on the receiver.
 *   K4   object-typed setter setName: alternating two preallocated NSStrings, 1 observer.
 *   K5   addObserver:forKeyPath:@"age" + removeObserver:forKeyPath: pair on an object that
 *        is already swizzled (another observer stays registered on it). ns per pair.
 *   K6   first observation of an instance of a never-observed class: 200 classes are made
 *        at run time (objc_allocateClassPair + class_addMethod) before each repetition,
 *        untimed; the timed part is addObserver: on one instance of each, which is where
 *        GNUstep builds its GSKVO<Class> subclass. ns per first observation.
 *   K7a  10,000 Person objects: add one observer to each (ns per add).
 *   K7b  ... set age on each once (ns per set, one notification each).
 *   K7c  ... remove all observers (ns per remove).
 *   K7m  heap bytes per observation (in the median/min/max columns), measured with
 *        glibc's mallinfo2().uordblks before and after the 10,000 adds of K7a.
 *   K8   dependent key: `fullName` depends on `name`, observe fullName, time setName:.
 *        Uses the legacy +setKeys:triggerChangeNotificationsForDependentKey: API, because
 *        in gnustep-base 1.28 +keyPathsForValuesAffecting<Key> produces no notifications.
 *   K9   key-path chain: p observes @"friend.age"; time [[p friend] setAge:i].
 *   K10a KVC read [p valueForKey:@"age"] on an unobserved object.
 *   K10b KVC write [p setValue:n forKey:@"age"] on an unobserved object, n taken from a
 *        preallocated array of 1024 NSNumbers (boxing is outside the timed loop).
 *
 * Flags: --reps N, --only ID[,ID...] (a group id such as K7 or K10 selects all its lines),
 *        --json (one JSON object per line), --list (print ids and names).
 *
 * Build: bench/peers/gnustep/build.sh  (gcc $(gnustep-config --objc-flags) -O2 ...)
 */

#import <Foundation/Foundation.h>
#include <objc/runtime.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NEW_OLD (NSKeyValueObservingOptionNew | NSKeyValueObservingOptionOld)
#define MAX_REPS 101

/* ------------------------------------------------------------------------------------ */
/* Model classes                                                                          */
/* ------------------------------------------------------------------------------------ */

/* The benchmark's Person. Accessors are ordinary hand-written ObjC methods (gcc's ObjC
 * needs declared ivars anyway); object setters retain the new value, release the old. */
@interface Person : NSObject
{
  long long _age;
  long long _score;   /* K3: never observed anywhere */
  long long _level;   /* K3x: observed on another instance only */
  NSString *_name;
  id _friend;
  NSString *_firstName;
  NSString *_lastName;
}
- (long long) age;
- (void) setAge: (long long)v;
- (long long) score;
- (void) setScore: (long long)v;
- (long long) level;
- (void) setLevel: (long long)v;
- (NSString *) name;
- (void) setName: (NSString *)v;
- (id) friend;
- (void) setFriend: (id)v;
- (NSString *) firstName;
- (void) setFirstName: (NSString *)v;
- (NSString *) lastName;
- (void) setLastName: (NSString *)v;
- (NSString *) fullName;   /* derived: depends on `name` (see +initialize) */
@end

@implementation Person
+ (void) initialize
{
  if (self == [Person class])
    {
      /* K8: fullName depends on name. gnustep-base 1.28 ignores
       * +keyPathsForValuesAffectingFullName (it builds the selector from a capitalised
       * key and never finds it), so only this legacy, deprecated API works there. */
      [self setKeys: [NSArray arrayWithObject: @"name"]
        triggerChangeNotificationsForDependentKey: @"fullName"];
    }
}
- (void) dealloc
{
  [_name release];
  [_friend release];
  [_firstName release];
  [_lastName release];
  [super dealloc];
}
- (long long) age { return _age; }
- (void) setAge: (long long)v { _age = v; }
- (long long) score { return _score; }
- (void) setScore: (long long)v { _score = v; }
- (long long) level { return _level; }
- (void) setLevel: (long long)v { _level = v; }
- (NSString *) name { return _name; }
- (void) setName: (NSString *)v
{
  if (v != _name) { [v retain]; [_name release]; _name = v; }
}
- (id) friend { return _friend; }
- (void) setFriend: (id)v
{
  if (v != _friend) { [v retain]; [_friend release]; _friend = v; }
}
- (NSString *) firstName { return _firstName; }
- (void) setFirstName: (NSString *)v
{
  if (v != _firstName) { [v retain]; [_firstName release]; _firstName = v; }
}
- (NSString *) lastName { return _lastName; }
- (void) setLastName: (NSString *)v
{
  if (v != _lastName) { [v retain]; [_lastName release]; _lastName = v; }
}
/* Kept trivially cheap (no formatting) so that K8 measures the KVO machinery. */
- (NSString *) fullName { return _name; }
@end

/* K0: a Person-like class that no scenario ever observes. */
@interface QuietPerson : NSObject
{
  long long _age;
}
- (long long) age;
- (void) setAge: (long long)v;
@end

@implementation QuietPerson
- (long long) age { return _age; }
- (void) setAge: (long long)v { _age = v; }
@end

/* K6: base of the classes made at run time. It has the storage but no accessors; each
 * BenchClass<n> gets age/setAge: through class_addMethod. K6Base itself is never
 * observed, so every BenchClass<n> is a never-observed class. */
@interface K6Base : NSObject
{
@public
  long long _age;
}
@end

@implementation K6Base
@end

static long long dyn_age(id self, SEL _cmd)
{
  return ((K6Base *)self)->_age;
}

static void dyn_setAge(id self, SEL _cmd, long long v)
{
  ((K6Base *)self)->_age = v;
}

/* Observer: counts notifications that carry a new value (so the change dictionary is
 * really read) and remembers the last new value. */
@interface Observer : NSObject
{
@public
  long long count;
  id lastNew;
}
@end

@implementation Observer
- (void) observeValueForKeyPath: (NSString *)keyPath
                       ofObject: (id)object
                         change: (NSDictionary *)change
                        context: (void *)context
{
  lastNew = [change objectForKey: NSKeyValueChangeNewKey];
  if (lastNew != nil)
    count++;
}
@end

/* ------------------------------------------------------------------------------------ */
/* Harness                                                                                */
/* ------------------------------------------------------------------------------------ */

static int g_reps = 7;
static int g_json = 0;
static char **g_only = NULL;   /* NULL: run everything */
static int g_onlyCount = 0;

static double now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* True if the line `lineId` of group `groupId` was asked for (or no --only given). */
static int wanted(const char *lineId, const char *groupId)
{
  int i;
  if (g_only == NULL)
    return 1;
  for (i = 0; i < g_onlyCount; i++)
    if (strcmp(g_only[i], lineId) == 0 || strcmp(g_only[i], groupId) == 0)
      return 1;
  return 0;
}

static void print_header(void)
{
  if (g_json)
    return;
  printf("%-5s %-66s %12s %12s %12s %5s %9s %12s\n",
    "id", "name", "median_ns", "min_ns", "max_ns", "reps", "ops", "check");
  fflush(stdout);
}

/* Prints one result line; `samples` holds one ns/op figure per repetition. */
static void emit(const char *lineId, const char *groupId, const char *name,
  double *samples, int n, long ops, long long check)
{
  double s[MAX_REPS], median;
  if (!wanted(lineId, groupId))
    return;
  memcpy(s, samples, sizeof(double) * n);
  qsort(s, n, sizeof(double), cmp_double);
  median = (n % 2) ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
  if (g_json)
    printf("{\"id\":\"%s\",\"name\":\"%s\",\"median_ns\":%.1f,\"min_ns\":%.1f,"
      "\"max_ns\":%.1f,\"reps\":%d,\"ops\":%ld,\"check\":%lld}\n",
      lineId, name, median, s[0], s[n - 1], n, ops, check);
  else
    printf("%-5s %-66s %12.1f %12.1f %12.1f %5d %9ld %12lld\n",
      lineId, name, median, s[0], s[n - 1], n, ops, check);
  fflush(stdout);
}

/* Runs `body` for i in [0, n) inside autorelease pools of 1024 iterations. */
#define POOLED_LOOP(n, ...) \
  do { \
    long _base; \
    for (_base = 0; _base < (n); _base += 1024) { \
      NSAutoreleasePool *_pool = [NSAutoreleasePool new]; \
      long _end = (_base + 1024 < (n)) ? _base + 1024 : (n); \
      long i; \
      for (i = _base; i < _end; i++) { __VA_ARGS__; } \
      [_pool drain]; \
    } \
  } while (0)

/* A simple scenario: setup once, then per repetition prepare (untimed), batch (timed,
 * returns the check value), finish (untimed); teardown once. */
typedef struct
{
  const char *id;
  const char *group;
  const char *name;
  long ops;
  void (*setup)(void);
  void (*prepare)(void);
  long long (*batch)(long n);
  void (*finish)(void);
  void (*teardown)(void);
  void (*custom)(void);   /* scenarios with several lines per repetition (K7) */
} Scenario;

static void run_scenario(const Scenario *sc)
{
  double samples[MAX_REPS];
  long long check = 0;
  int r;
  NSAutoreleasePool *outer = [NSAutoreleasePool new];

  if (sc->custom != NULL)
    {
      sc->custom();
      [outer drain];
      return;
    }
  if (sc->setup) sc->setup();
  /* warm-up */
  if (sc->prepare) sc->prepare();
  (void)sc->batch(sc->ops);
  if (sc->finish) sc->finish();
  for (r = 0; r < g_reps; r++)
    {
      double t0, t1;
      if (sc->prepare) sc->prepare();
      t0 = now_ns();
      check = sc->batch(sc->ops);
      t1 = now_ns();
      if (sc->finish) sc->finish();
      samples[r] = (t1 - t0) / (double)sc->ops;
    }
  if (sc->teardown) sc->teardown();
  emit(sc->id, sc->group, sc->name, samples, g_reps, sc->ops, check);
  [outer drain];
}

/* ------------------------------------------------------------------------------------ */
/* Scenarios                                                                              */
/* ------------------------------------------------------------------------------------ */

static Person *P;          /* the scenario's main object */
static Person *Q;          /* a second object where needed */
static Observer *O[10];    /* observers */
static Observer *O2;

static void make_observers(int n)
{
  int k;
  for (k = 0; k < n; k++)
    O[k] = [Observer new];
}

static void release_observers(int n)
{
  int k;
  for (k = 0; k < n; k++)
    {
      [O[k] release];
      O[k] = nil;
    }
}

static long long total_count(int n)
{
  long long c = 0;
  int k;
  for (k = 0; k < n; k++)
    c += O[k]->count;
  return c;
}

static void reset_counts(int n)
{
  int k;
  for (k = 0; k < n; k++)
    O[k]->count = 0;
}

/* --- M1: plain message send --------------------------------------------------------- */
/* Runs first in the fixed order, so Person has not been observed yet in this process.
 * No autorelease pool: nothing is autoreleased. check = last value + 1 = N. */
static void m1_setup(void) { P = [Person new]; }
static long long m1_batch(long n)
{
  long i;
  Person *p = P;
  for (i = 0; i < n; i++)
    [p setAge: i];
  return [p age] + 1;
}
static void m1_teardown(void) { [P release]; P = nil; }

/* --- K0: fresh object of a never-observed class ------------------------------------- */
static QuietPerson *QP;
static void k0_setup(void) { QP = [QuietPerson new]; }
static long long k0_batch(long n)
{
  long i;
  QuietPerson *p = QP;
  for (i = 0; i < n; i++)
    [p setAge: i];
  return [p age] + 1;
}
static void k0_teardown(void) { [QP release]; QP = nil; }

/* --- K1 / K2: notifying setter, 1 or 10 observers ------------------------------------ */
static int g_nobs;
static void kobs_setup(int nobs, NSString *key)
{
  int k;
  g_nobs = nobs;
  P = [Person new];
  make_observers(nobs);
  for (k = 0; k < nobs; k++)
    [P addObserver: O[k] forKeyPath: key options: NEW_OLD context: NULL];
}
static void kobs_teardown(NSString *key)
{
  int k;
  for (k = 0; k < g_nobs; k++)
    [P removeObserver: O[k] forKeyPath: key];
  release_observers(g_nobs);
  [P release];
  P = nil;
}
static void k1_setup(void) { kobs_setup(1, @"age"); }
static void k2_setup(void) { kobs_setup(10, @"age"); }
static void age_teardown(void) { kobs_teardown(@"age"); }
/* check = notifications received (with a new value) = observers * N */
static long long setage_batch(long n)
{
  Person *p = P;
  reset_counts(g_nobs);
  POOLED_LOOP(n, [p setAge: i]);
  return total_count(g_nobs);
}

/* --- K3: setter of an unobserved key, 10 observers on another key -------------------- */
/* P's isa is GSKVOPerson (10 observers of `age`). GNUstep overrides setters per class,
 * and only for keys that have been observed on some instance; `score` never is, so
 * setScore: is the inherited plain method reached through the KVO subclass.
 * check = notifications received by the 10 observers + final score + 1; expected N
 * (no notification at all). No autorelease pool: nothing is autoreleased. */
static long long k3_batch(long n)
{
  long i;
  Person *p = P;
  reset_counts(g_nobs);
  for (i = 0; i < n; i++)
    [p setScore: i];
  return total_count(g_nobs) + [p score] + 1;
}

/* --- K3x (peer only): setter hooked because another instance observes that key ------- */
static void k3x_setup(void)
{
  kobs_setup(10, @"age");
  Q = [Person new];
  O2 = [Observer new];
  [Q addObserver: O2 forKeyPath: @"level" options: NEW_OLD context: NULL];
}
static void k3x_teardown(void)
{
  [Q removeObserver: O2 forKeyPath: @"level"];
  [O2 release]; O2 = nil;
  [Q release]; Q = nil;
  age_teardown();
}
/* check = notifications (expected 0) + final level + 1 = N */
static long long k3x_batch(long n)
{
  Person *p = P;
  reset_counts(g_nobs);
  O2->count = 0;
  POOLED_LOOP(n, [p setLevel: i]);
  return total_count(g_nobs) + O2->count + [p level] + 1;
}

/* --- K4: object-typed setter, 1 observer -------------------------------------------- */
static NSString *S[2];
static void k4_setup(void)
{
  /* real heap strings, so retain/release in the setter are not no-ops */
  S[0] = [[NSString alloc] initWithFormat: @"Alice %d", 1];
  S[1] = [[NSString alloc] initWithFormat: @"Bob %d", 2];
  kobs_setup(1, @"name");
}
static void k4_teardown(void)
{
  kobs_teardown(@"name");
  [S[0] release]; [S[1] release];
  S[0] = S[1] = nil;
}
/* check = notifications = N */
static long long k4_batch(long n)
{
  Person *p = P;
  reset_counts(1);
  POOLED_LOOP(n, [p setName: S[i & 1]]);
  return total_count(1);
}

/* --- K5: add+remove pair on an already swizzled object ------------------------------ */
static void k5_setup(void)
{
  kobs_setup(1, @"age");     /* O[0] stays registered throughout */
  O2 = [Observer new];       /* the observer that is added and removed */
}
static void k5_teardown(void)
{
  [O2 release]; O2 = nil;
  age_teardown();
}
/* check = N if, after the batch, one untimed set reaches the permanent observer only
 * (i.e. every removal really happened), else -1. */
static long long k5_batch(long n)
{
  Person *p = P;
  Observer *o = O2;
  POOLED_LOOP(n,
    [p addObserver: o forKeyPath: @"age" options: NEW_OLD context: NULL];
    [p removeObserver: o forKeyPath: @"age"]);
  O[0]->count = 0;
  o->count = 0;
  [p setAge: 42];
  return (O[0]->count == 1 && o->count == 0) ? n : -1;
}

/* --- K6: first observation of a never-observed class -------------------------------- */
#define K6_CLASSES 200
static id K6obj[K6_CLASSES];
static Class K6cls[K6_CLASSES];
static int k6_serial = 0;
static void k6_setup(void) { O2 = [Observer new]; }
static void k6_teardown(void) { [O2 release]; O2 = nil; }
/* untimed: make 200 new classes (NSObject <- K6Base <- BenchClass<n>) and one instance
 * of each. gcc's libobjc has the same objc_allocateClassPair / class_addMethod /
 * objc_registerClassPair API as Apple's; the type encodings are copied from Person. */
static void k6_prepare(void)
{
  const char *getType = method_getTypeEncoding(
    class_getInstanceMethod([Person class], @selector(age)));
  const char *setType = method_getTypeEncoding(
    class_getInstanceMethod([Person class], @selector(setAge:)));
  int k;
  for (k = 0; k < K6_CLASSES; k++)
    {
      char cname[64];
      Class c;
      snprintf(cname, sizeof cname, "BenchClass%d", k6_serial++);
      c = objc_allocateClassPair([K6Base class], cname, 0);
      class_addMethod(c, @selector(age), (IMP)dyn_age, getType);
      class_addMethod(c, @selector(setAge:), (IMP)dyn_setAge, setType);
      objc_registerClassPair(c);
      K6cls[k] = c;
      K6obj[k] = [c new];
    }
}
/* timed: the first addObserver: on each class. check = instances whose isa changed to a
 * KVO subclass = 200. */
static long long k6_batch(long n)
{
  long long swizzled = 0;
  int k;
  POOLED_LOOP(n,
    [K6obj[i] addObserver: O2 forKeyPath: @"age" options: NEW_OLD context: NULL]);
  for (k = 0; k < K6_CLASSES; k++)
    if (object_getClass(K6obj[k]) != K6cls[k])
      swizzled++;
  return swizzled;
}
static void k6_finish(void)
{
  int k;
  for (k = 0; k < K6_CLASSES; k++)
    {
      [K6obj[k] removeObserver: O2 forKeyPath: @"age"];
      [K6obj[k] release];
      K6obj[k] = nil;
    }
}

/* --- K7: 10,000 objects: add / set / remove, and memory per observation ------------- */
#define K7_N 10000
static void k7_custom(void)
{
  double sa[MAX_REPS], sb[MAX_REPS], sc[MAX_REPS], sm[MAX_REPS];
  long long ca = 0, cb = 0, cc = 0, cm = 0;
  Person **objs = malloc(sizeof(Person *) * K7_N);
  Observer *o = [Observer new];
  Class plain = [Person class];
  int r;

  for (r = -1; r < g_reps; r++)   /* r == -1 is the warm-up */
    {
      double t0, t1, t2, t3, t4, t5;
      size_t m0, m1;
      long long a = 0, c = 0;
      long k;

      for (k = 0; k < K7_N; k++)
        objs[k] = [Person new];

      m0 = mallinfo2().uordblks;
      t0 = now_ns();
      POOLED_LOOP(K7_N,
        [objs[i] addObserver: o forKeyPath: @"age" options: NEW_OLD context: NULL]);
      t1 = now_ns();
      m1 = mallinfo2().uordblks;
      for (k = 0; k < K7_N; k++)
        if (object_getClass(objs[k]) != plain)
          a++;

      o->count = 0;
      t2 = now_ns();
      POOLED_LOOP(K7_N, [objs[i] setAge: i]);
      t3 = now_ns();

      t4 = now_ns();
      POOLED_LOOP(K7_N, [objs[i] removeObserver: o forKeyPath: @"age"]);
      t5 = now_ns();
      for (k = 0; k < K7_N; k++)
        if (object_getClass(objs[k]) == plain)
          c++;

      for (k = 0; k < K7_N; k++)
        [objs[k] release];

      if (r >= 0)
        {
          sa[r] = (t1 - t0) / K7_N;
          sb[r] = (t3 - t2) / K7_N;
          sc[r] = (t5 - t4) / K7_N;
          sm[r] = ((double)m1 - (double)m0) / K7_N;
          ca = a;             /* objects swizzled by the add */
          cb = o->count;      /* notifications */
          cc = c;             /* objects whose isa went back after the remove */
          cm = K7_N;          /* observations counted in the memory figure */
        }
    }
  [o release];
  free(objs);
  emit("K7a", "K7", "10k objects: add 1 observer each (ns/add)", sa, g_reps, K7_N, ca);
  emit("K7b", "K7", "10k objects: set age once each, 1 observer (ns/set)", sb, g_reps,
    K7_N, cb);
  emit("K7c", "K7", "10k objects: remove the observer from each (ns/remove)", sc, g_reps,
    K7_N, cc);
  emit("K7m", "K7", "10k objects: heap BYTES per observation (mallinfo2, not ns)", sm,
    g_reps, K7_N, cm);
}

/* --- K8: dependent key (legacy API) ------------------------------------------------- */
static void k8_setup(void)
{
  S[0] = [[NSString alloc] initWithFormat: @"Alice %d", 1];
  S[1] = [[NSString alloc] initWithFormat: @"Bob %d", 2];
  kobs_setup(1, @"fullName");
}
static void k8_teardown(void)
{
  kobs_teardown(@"fullName");
  [S[0] release]; [S[1] release];
  S[0] = S[1] = nil;
}
/* check = fullName notifications = N */
static long long k8_batch(long n)
{
  Person *p = P;
  reset_counts(1);
  POOLED_LOOP(n, [p setName: S[i & 1]]);
  return total_count(1);
}

/* --- K9: key-path chain friend.age -------------------------------------------------- */
static void k9_setup(void)
{
  P = [Person new];
  Q = [Person new];
  [P setFriend: Q];
  make_observers(1);
  [P addObserver: O[0] forKeyPath: @"friend.age" options: NEW_OLD context: NULL];
}
static void k9_teardown(void)
{
  [P removeObserver: O[0] forKeyPath: @"friend.age"];
  release_observers(1);
  [P release]; P = nil;
  [Q release]; Q = nil;
}
/* check = friend.age notifications = N */
static long long k9_batch(long n)
{
  Person *p = P;
  reset_counts(1);
  POOLED_LOOP(n, [[p friend] setAge: i]);
  return total_count(1);
}

/* --- K10: KVC ------------------------------------------------------------------------ */
#define NUMS 1024
static NSNumber *Nums[NUMS];
static void k10a_setup(void)
{
  P = [Person new];   /* never observed */
  [P setAge: 7];
}
/* check = sum of the values read = 7 * N */
static long long k10a_batch(long n)
{
  Person *p = P;
  long long sum = 0;
  POOLED_LOOP(n, sum += [[p valueForKey: @"age"] longLongValue]);
  return sum;
}
static void k10_teardown(void)
{
  int k;
  [P release]; P = nil;
  for (k = 0; k < NUMS; k++)
    {
      [Nums[k] release];
      Nums[k] = nil;
    }
}
static void k10b_setup(void)
{
  int k;
  P = [Person new];   /* never observed */
  for (k = 0; k < NUMS; k++)
    Nums[k] = [[NSNumber alloc] initWithLongLong: k];
}
/* check = final age + 1 = ((N - 1) & 1023) + 1 */
static long long k10b_batch(long n)
{
  Person *p = P;
  POOLED_LOOP(n, [p setValue: Nums[i & (NUMS - 1)] forKey: @"age"]);
  return [p age] + 1;
}

/* ------------------------------------------------------------------------------------ */
/* The table (fixed order: M1 first, while Person has never been observed)                */
/* ------------------------------------------------------------------------------------ */

static const Scenario scenarios[] = {
  { "M1", "M1", "message send: [p setAge:i], unobserved object", 10000000,
    m1_setup, NULL, m1_batch, NULL, m1_teardown, NULL },
  { "K0", "K0", "setter on fresh object of never-observed class", 10000000,
    k0_setup, NULL, k0_batch, NULL, k0_teardown, NULL },
  { "K1", "K1", "notifying setter, 1 observer (new|old)", 20000,
    k1_setup, NULL, setage_batch, NULL, age_teardown, NULL },
  { "K2", "K2", "notifying setter, 10 observers (new|old)", 10000,
    k2_setup, NULL, setage_batch, NULL, age_teardown, NULL },
  { "K3", "K3", "setScore: (unobserved key), 10 observers on age", 10000000,
    k2_setup, NULL, k3_batch, NULL, age_teardown, NULL },
  { "K3x", "K3x", "setLevel: unobserved here, observed on other instance", 100000,
    k3x_setup, NULL, k3x_batch, NULL, k3x_teardown, NULL },
  { "K4", "K4", "object setter setName:, 1 observer (new|old)", 20000,
    k4_setup, NULL, k4_batch, NULL, k4_teardown, NULL },
  { "K5", "K5", "add+remove observer pair on swizzled object (ns/pair)", 40000,
    k5_setup, NULL, k5_batch, NULL, k5_teardown, NULL },
  { "K6", "K6", "first observation of a never-observed class (200 classes)",
    K6_CLASSES, k6_setup, k6_prepare, k6_batch, k6_finish, k6_teardown, NULL },
  { "K7", "K7", "10k objects", K7_N, NULL, NULL, NULL, NULL, NULL, k7_custom },
  { "K8", "K8", "dependent key fullName<-name, setName: (legacy setKeys: API)", 20000,
    k8_setup, NULL, k8_batch, NULL, k8_teardown, NULL },
  { "K9", "K9", "key-path chain friend.age, [p.friend setAge:i]", 20000,
    k9_setup, NULL, k9_batch, NULL, k9_teardown, NULL },
  { "K10a", "K10", "KVC [p valueForKey:age], unobserved object", 50000,
    k10a_setup, NULL, k10a_batch, NULL, k10_teardown, NULL },
  { "K10b", "K10", "KVC [p setValue:n forKey:age] (preboxed n), unobserved", 50000,
    k10b_setup, NULL, k10b_batch, NULL, k10_teardown, NULL },
};

static void usage(const char *argv0)
{
  fprintf(stderr, "usage: %s [--reps N] [--only ID[,ID...]] [--json] [--list]\n", argv0);
}

int main(int argc, char **argv)
{
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  size_t n = sizeof scenarios / sizeof scenarios[0];
  size_t s;
  int a;

  for (a = 1; a < argc; a++)
    {
      if (strcmp(argv[a], "--json") == 0)
        g_json = 1;
      else if (strcmp(argv[a], "--reps") == 0 && a + 1 < argc)
        {
          g_reps = atoi(argv[++a]);
          if (g_reps < 1 || g_reps > MAX_REPS)
            {
              fprintf(stderr, "--reps must be 1..%d\n", MAX_REPS);
              return 2;
            }
        }
      else if (strcmp(argv[a], "--only") == 0 && a + 1 < argc)
        {
          char *list = strdup(argv[++a]), *tok, *save = NULL;
          g_only = calloc(strlen(list) + 1, sizeof(char *));
          for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
            g_only[g_onlyCount++] = tok;
        }
      else if (strcmp(argv[a], "--list") == 0)
        {
          for (s = 0; s < n; s++)
            printf("%-5s %s\n", scenarios[s].id, scenarios[s].name);
          printf("(K7 prints K7a, K7b, K7c, K7m; K10 selects K10a and K10b)\n");
          return 0;
        }
      else
        {
          usage(argv[0]);
          return 2;
        }
    }

  print_header();
  for (s = 0; s < n; s++)
    {
      const Scenario *sc = &scenarios[s];
      int run = wanted(sc->id, sc->group);
      /* K7's lines are K7a..K7m: run the group if any of them was asked for */
      if (!run && sc->custom != NULL)
        run = wanted("K7a", "K7") || wanted("K7b", "K7") || wanted("K7c", "K7")
          || wanted("K7m", "K7");
      if (run)
        run_scenario(sc);
    }
  [pool drain];
  return 0;
}
