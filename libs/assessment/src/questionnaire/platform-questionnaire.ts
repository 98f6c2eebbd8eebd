import type { LikertAnswerSet, ScoreType } from '../assessment.tables';

/**
 * The questionnaire the platform ships (docs/assessment.md): sixteen groups, 104 questions, each
 * a five-point Likert item whose answers are its set's labels with values 1-5. The text is written
 * for this project. The organisation service seeds it once per database.
 */

/** Bump to seed a new edition; the old key stays recorded so its content is never re-created. */
export const PLATFORM_QUESTIONNAIRE_SEED_KEY = 'platform-questionnaire-v1';

export const LIKERT_ANSWER_LABELS: Record<LikertAnswerSet, readonly [string, string, string, string, string]> = {
  agree: ['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree'],
  usually: ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'],
  important: ['Not important', 'Slightly important', 'Moderately important', 'Very important', 'Extremely important'],
};

export const CONFLICT_STYLES = ['competing', 'collaborating', 'compromising', 'avoiding', 'accommodating'] as const;

export interface PlatformQuestion {
  text: string;
  /** About 200 characters: what the item measures and the dimension it belongs to. */
  summary: string;
  reverseScore: boolean;
  faking: boolean;
  metadata: string | null;
}

export interface PlatformQuestionGroup {
  name: string;
  title: string;
  strapline: string;
  scoreType: ScoreType;
  likertAnswerSet: LikertAnswerSet;
  questions: PlatformQuestion[];
}

interface ItemSpec {
  text: string;
  measures: string;
  reverse?: boolean;
  faking?: boolean;
  metadata?: string;
}

const FAKING_MEASURES =
  'Validity item, never scored: agreeing with a claim this perfect suggests answers given to look good rather than candid ones. It feeds only the validity check.';

function group(
  name: string,
  title: string,
  strapline: string,
  scoreType: ScoreType,
  likertAnswerSet: LikertAnswerSet,
  about: string,
  items: ItemSpec[],
): PlatformQuestionGroup {
  return {
    name,
    title,
    strapline,
    scoreType,
    likertAnswerSet,
    questions: items.map((item) => ({
      text: item.text,
      summary: item.faking ? FAKING_MEASURES : `${item.measures} ${about}`,
      reverseScore: item.reverse ?? false,
      faking: item.faking ?? false,
      metadata: item.metadata ?? null,
    })),
  };
}

const value = (text: string, what: string): ItemSpec => ({ text, measures: `Measures how much ${what} matters to a person at work.` });

export const PLATFORM_QUESTIONNAIRE: readonly PlatformQuestionGroup[] = [
  group(
    'pace',
    'Pace',
    'How fast you like work to move',
    'SUPPLEMENTARY',
    'agree',
    'Part of the pace dimension: how quickly a person and a team like work to move.',
    [
      {
        text: 'I do my best work when deadlines are close together.',
        measures: 'Measures comfort with short, frequent deadlines and a steady sense of urgency in day-to-day work.',
      },
      {
        text: 'I like to switch quickly between several tasks during a day.',
        measures: 'Measures a preference for rapid task switching over long, uninterrupted stretches on one piece of work.',
      },
      {
        text: 'I would rather deliver something good today than something perfect next month.',
        measures: 'Measures the trade-off a person makes between speed of delivery and polish when both cannot be had.',
      },
      {
        text: 'I feel energised when plans change at short notice.',
        measures: 'Measures whether sudden changes of plan feel like momentum rather than disruption to the person.',
      },
      {
        text: 'I prefer to work through tasks at an unhurried pace.',
        measures: 'Reverse-scored: agreement signals a preference for a calm, unhurried rhythm rather than a fast one.',
        reverse: true,
      },
    ],
  ),
  group(
    'structure',
    'Structure',
    'How much order and planning you want around your work',
    'SUPPLEMENTARY',
    'agree',
    'Part of the structure dimension: how much planning and process a person and a team want.',
    [
      {
        text: 'I like to have a clear plan before I start a piece of work.',
        measures: 'Measures the wish to plan work out in advance instead of working it out along the way.',
      },
      {
        text: 'Written processes help me do my job well.',
        measures: 'Measures how useful a person finds documented procedures, checklists and agreed ways of working.',
      },
      {
        text: 'I keep track of my tasks in a list or a tool.',
        measures: "Measures the habit of tracking one's own work explicitly, a practical sign of a liking for order.",
      },
      {
        text: 'I am comfortable starting a task without knowing exactly where it will end.',
        measures: 'Reverse-scored: agreement signals comfort with open-ended, loosely defined work over structure.',
        reverse: true,
      },
      {
        text: 'Clear roles and responsibilities matter to me in a team.',
        measures: 'Measures how much a person values knowing who owns what and how hand-overs between people work.',
      },
      { text: 'I have never once skipped a step in any process I was asked to follow.', measures: '', faking: true },
    ],
  ),
  group(
    'detail',
    'Detail',
    'How closely you attend to the fine points',
    'COMPLEMENTARY',
    'agree',
    'Part of the detail dimension, where a team gains most from the care for accuracy it lacks.',
    [
      {
        text: 'I notice small errors that others overlook.',
        measures: 'Measures attention to small mistakes and inconsistencies in documents, data or other work products.',
      },
      {
        text: 'I check my work carefully before I hand it over.',
        measures: "Measures the habit of reviewing one's own output for accuracy and completeness before passing it on.",
      },
      {
        text: 'I enjoy tasks that require precision.',
        measures: 'Measures how much a person enjoys exacting work in which small differences change the result.',
      },
      {
        text: 'I prefer to focus on the big picture and leave the details to others.',
        measures: 'Reverse-scored: agreement signals a preference for broad outlines over the fine points of a task.',
        reverse: true,
      },
      {
        text: 'I keep accurate records of what I have done and decided.',
        measures: 'Measures care for precise, complete records that let others follow and check the work later.',
      },
    ],
  ),
  group(
    'autonomy',
    'Autonomy',
    'How independently you like to work',
    'SUPPLEMENTARY',
    'agree',
    'Part of the autonomy dimension: how much independence a person and a team expect.',
    [
      {
        text: 'I prefer to decide for myself how to do my work.',
        measures: "Measures the wish to choose one's own methods rather than follow methods chosen by somebody else.",
      },
      {
        text: 'I work well with little supervision.',
        measures: 'Measures how well a person works when a manager is rarely there to check on or guide progress.',
      },
      {
        text: 'I like to set my own priorities for the week.',
        measures: "Measures a preference for setting one's own priorities instead of receiving them from a lead.",
      },
      {
        text: 'I like my manager to check in with me often.',
        measures: 'Reverse-scored: agreement signals a preference for frequent guidance and contact over independence.',
        reverse: true,
      },
      {
        text: 'I am comfortable owning a task from start to finish.',
        measures: 'Measures the readiness to own a piece of work end to end, including the decisions it requires.',
      },
    ],
  ),
  group(
    'collaboration',
    'Collaboration',
    'How much you like to work together with others',
    'INDIVIDUAL_SUPPLEMENTARY',
    'agree',
    'Part of the collaboration dimension, compared with each team member, not just the average.',
    [
      {
        text: 'I do my best work together with others.',
        measures: 'Measures a preference for shared, joint work over tasks done alone from beginning to end.',
      },
      {
        text: 'I enjoy sessions where we solve a problem as a group.',
        measures: 'Measures enjoyment of solving problems together in live sessions such as workshops or pairing.',
      },
      {
        text: 'I share unfinished work so that others can build on it.',
        measures: 'Measures openness to showing work early so that colleagues can contribute before it is finished.',
      },
      {
        text: 'I prefer to work on my own and present the finished result.',
        measures: 'Reverse-scored: agreement signals a preference for solitary work over working jointly with others.',
        reverse: true,
      },
      {
        text: 'I readily help colleagues even when it is not my task.',
        measures: "Measures the willingness to step in and support others beyond one's own assigned piece of work.",
      },
    ],
  ),
  group(
    'communication',
    'Communication',
    'How and how often you keep others informed',
    'INDIVIDUAL_SUPPLEMENTARY',
    'usually',
    'Part of the communication dimension, compared with each team member, not just the average.',
    [
      {
        text: 'I keep my team updated on my progress without being asked.',
        measures: 'Measures how often a person shares progress with the team on their own initiative.',
      },
      {
        text: 'I say what I think in meetings.',
        measures: 'Measures how often a person voices their own view openly in group discussions and meetings.',
      },
      {
        text: 'I talk a question through rather than write it down.',
        measures: 'Measures how often a person reaches for a conversation rather than a written message to settle things.',
      },
      {
        text: 'I share information only when someone asks for it.',
        measures: 'Reverse-scored: a frequent answer signals a reserved style that informs others only on request.',
        reverse: true,
      },
      {
        text: 'I adapt how I explain things to the person I am talking to.',
        measures: 'Measures how often a person tailors the level and style of an explanation to the listener.',
      },
    ],
  ),
  group(
    'feedback',
    'Feedback',
    'How you give and take feedback',
    'SUPPLEMENTARY',
    'agree',
    'Part of the feedback dimension: how openly a person and a team exchange feedback.',
    [
      {
        text: 'I ask others for feedback on my work.',
        measures: "Measures the habit of actively seeking other people's views on one's own work and results.",
      },
      {
        text: 'I tell colleagues directly when I think something could be done better.',
        measures: 'Measures the readiness to give honest, direct feedback to peers about their work.',
      },
      {
        text: 'Critical feedback helps me improve.',
        measures: 'Measures how constructively a person takes critical comments on their work and acts on them.',
      },
      {
        text: 'I find it hard to hear criticism of my work.',
        measures: 'Reverse-scored: agreement signals discomfort with critical feedback rather than openness to it.',
        reverse: true,
      },
      {
        text: 'I like regular reviews of how the team is working.',
        measures: 'Measures the wish for regular, structured moments to reflect on how the team works together.',
      },
      { text: 'I have always taken every piece of criticism with complete calm.', measures: '', faking: true },
    ],
  ),
  group(
    'innovation',
    'Innovation',
    'How much you look for new ways of doing things',
    'COMPLEMENTARY',
    'agree',
    'Part of the innovation dimension, where a team gains most from the new ideas it lacks.',
    [
      {
        text: 'I often come up with new ideas for how we could work.',
        measures: 'Measures how often a person generates ideas for new products, processes or ways of working.',
      },
      {
        text: 'I like experimenting with new tools and methods.',
        measures: 'Measures eagerness to try unfamiliar tools and methods before they are widely adopted.',
      },
      {
        text: 'I question the way things have always been done.',
        measures: 'Measures the tendency to challenge established routines and ask whether they still make sense.',
      },
      {
        text: 'I prefer proven methods to trying something new.',
        measures: 'Reverse-scored: agreement signals a preference for the familiar and proven over the new.',
        reverse: true,
      },
      {
        text: 'I enjoy turning a rough idea into something that works.',
        measures: 'Measures enjoyment of developing an early, unpolished idea into a working result.',
      },
    ],
  ),
  group(
    'risk',
    'Risk',
    'How much uncertainty you accept',
    'SUPPLEMENTARY',
    'agree',
    'Part of the risk dimension: how much uncertainty a person and a team are willing to accept.',
    [
      {
        text: 'I am willing to take a chance on an idea that might fail.',
        measures: 'Measures the willingness to invest effort in ideas whose success is genuinely uncertain.',
      },
      {
        text: 'I can act without having all the information.',
        measures: 'Measures comfort with moving ahead on incomplete information instead of waiting for certainty.',
      },
      {
        text: 'I would choose a bold option with a big upside over a safe one.',
        measures: 'Measures a preference for high-reward, higher-risk options over safer, more modest ones.',
      },
      {
        text: 'I avoid decisions whose outcome I cannot predict.',
        measures: 'Reverse-scored: agreement signals caution and a wish for predictable outcomes over taking risks.',
        reverse: true,
      },
      {
        text: 'Setbacks from a risk that did not work out do not discourage me.',
        measures: 'Measures resilience after a risk has failed and the readiness to take the next one.',
      },
    ],
  ),
  group(
    'decision',
    'Decision-making',
    'How you reach decisions',
    'COMPLEMENTARY',
    'agree',
    'Part of the decision dimension, where a team gains most from the decisiveness it lacks.',
    [
      {
        text: 'I make decisions quickly once I know the main facts.',
        measures: 'Measures how quickly a person moves from knowing the essential facts to making a decision.',
      },
      {
        text: 'I am comfortable making the call when the team cannot agree.',
        measures: 'Measures the readiness to settle a question for the group when discussion has stalled.',
      },
      {
        text: 'I commit to a decision and move on.',
        measures: 'Measures the ability to commit to a choice once made instead of revisiting it again and again.',
      },
      {
        text: 'I put off decisions until I am completely sure.',
        measures: 'Reverse-scored: agreement signals a tendency to delay decisions until all doubt has gone.',
        reverse: true,
      },
      {
        text: 'I take responsibility for my decisions even when they turn out badly.',
        measures: 'Measures ownership of decisions and their consequences, including the ones that go wrong.',
      },
    ],
  ),
  group(
    'values',
    'Values',
    'What matters most to you at work',
    'TOP_TEN',
    'important',
    "Part of the values dimension, where a team's ten top priorities are compared with the candidate's.",
    [
      value('Fair pay for the work I do', 'fair pay'),
      value('Job security', 'a secure, stable job'),
      value('Learning new skills', 'the chance to learn new skills'),
      value('Opportunities for promotion', 'room for career progression'),
      value('Flexible working hours', 'control over working hours'),
      value('Working from where I choose', 'freedom over the place of work'),
      value('Friendly colleagues', 'a friendly, sociable team'),
      value('Recognition for my achievements', 'recognition for achievements'),
      value('Work that helps other people', 'work with a clear benefit to others'),
      value('A good balance between work and private life', 'a healthy work-life balance'),
      value('Variety in my tasks', 'variety in daily tasks'),
      value('A say in decisions that affect me', 'having a voice in decisions'),
      value('A manager I can trust', "trust in one's manager"),
      value('Honesty and openness in the organisation', 'an honest, open culture'),
      value('A diverse and inclusive workplace', 'diversity and inclusion'),
      value('Working for a well-regarded organisation', 'the reputation of the employer'),
      value('Challenging work', "work that stretches one's abilities"),
      value('Clear goals', 'clearly defined goals'),
      value('An organisation that cares for the environment', 'environmental responsibility'),
      value('Time to concentrate without interruptions', 'uninterrupted time for focused work'),
    ],
  ),
  group(
    'conflict',
    'Conflict',
    'How you handle disagreement',
    'CONFLICT',
    'usually',
    'Part of the conflict dimension, which compares ways of handling disagreement style by style.',
    [
      {
        text: 'When I disagree, I argue firmly for my position.',
        measures: "Measures the competing style: standing firm and pressing one's own view in a disagreement.",
        metadata: 'competing',
      },
      {
        text: 'I push to win an argument about something I care about.',
        measures: 'Measures the competing style: treating an important disagreement as something to win.',
        metadata: 'competing',
      },
      {
        text: "I look for a solution that fully meets everyone's concerns.",
        measures: 'Measures the collaborating style: searching for an outcome that satisfies all sides in full.',
        metadata: 'collaborating',
      },
      {
        text: 'I bring a disagreement into the open so that we can work through it together.',
        measures: 'Measures the collaborating style: surfacing conflict in order to solve it jointly.',
        metadata: 'collaborating',
      },
      {
        text: 'I suggest meeting halfway to settle a disagreement.',
        measures: 'Measures the compromising style: settling a disagreement by splitting the difference.',
        metadata: 'compromising',
      },
      {
        text: 'I give up part of what I want if the others do the same.',
        measures: 'Measures the compromising style: mutual concessions as the way out of a disagreement.',
        metadata: 'compromising',
      },
      {
        text: 'I keep out of disagreements when I can.',
        measures: 'Measures the avoiding style: staying out of conflict rather than engaging with it.',
        metadata: 'avoiding',
      },
      {
        text: 'I put off a difficult conversation until things have calmed down.',
        measures: 'Measures the avoiding style: postponing a confrontation rather than having it now.',
        metadata: 'avoiding',
      },
      {
        text: 'I go along with what others want to keep the peace.',
        measures: 'Measures the accommodating style: yielding to others to protect the relationship.',
        metadata: 'accommodating',
      },
      {
        text: "I put the other person's needs ahead of my own in a disagreement.",
        measures: "Measures the accommodating style: placing the other side's concerns before one's own.",
        metadata: 'accommodating',
      },
    ],
  ),
  group(
    'drive',
    'Drive',
    'How hard you push towards goals',
    'MAX_MEAN',
    'agree',
    'Part of the drive dimension, where a team is as strong as its most driven member.',
    [
      {
        text: 'I set ambitious goals for myself.',
        measures: 'Measures the tendency to aim high and set demanding personal goals at work.',
      },
      {
        text: 'I keep going when a task becomes difficult.',
        measures: 'Measures persistence when work becomes hard, slow or frustrating.',
      },
      {
        text: 'I look for ways to achieve more than is expected of me.',
        measures: 'Measures the urge to exceed what a role or a task strictly requires.',
      },
      {
        text: 'I am content doing what is required and no more.',
        measures: 'Reverse-scored: agreement signals contentment with meeting requirements rather than exceeding them.',
        reverse: true,
      },
      {
        text: 'I start useful work before anybody asks me to.',
        measures: 'Measures initiative: starting valuable work without waiting to be asked or told.',
      },
      { text: 'I have given my absolute best effort on every single day of my working life.', measures: '', faking: true },
    ],
  ),
  group(
    'reliability',
    'Reliability',
    'How dependably you deliver',
    'MIN_MEAN',
    'usually',
    'Part of the reliability dimension, where a team is only as dependable as its weakest link.',
    [
      {
        text: 'I deliver what I promised by the agreed date.',
        measures: 'Measures how often a person meets the commitments and deadlines they have agreed to.',
      },
      {
        text: 'I tell others early when I might not meet a commitment.',
        measures: 'Measures how often a person warns others in good time about a commitment at risk.',
      },
      {
        text: 'I follow through on tasks even when nobody checks.',
        measures: 'Measures how consistently a person completes work without outside control.',
      },
      {
        text: 'I forget commitments I have made to colleagues.',
        measures: 'Reverse-scored: a frequent answer signals commitments that slip rather than being kept.',
        reverse: true,
      },
      {
        text: 'I come to meetings prepared.',
        measures: 'Measures how often a person arrives at meetings having read and prepared what is needed.',
      },
      { text: 'I keep every promise I make, however small.', measures: '', faking: true },
    ],
  ),
  group(
    'learning',
    'Learning',
    'How actively you build new knowledge',
    'GROUP_AVERAGE',
    'agree',
    "Part of the learning dimension, where every member adds to the team's learning average.",
    [
      {
        text: 'I regularly set time aside to learn something new.',
        measures: 'Measures the habit of planning time for learning instead of leaving it to chance.',
      },
      {
        text: 'I learn from my mistakes and change how I work.',
        measures: 'Measures how readily a person turns mistakes into lasting changes in the way they work.',
      },
      {
        text: 'I share what I learn with my team.',
        measures: 'Measures the habit of passing new knowledge on so that the whole team benefits from it.',
      },
      {
        text: 'I rarely look for new knowledge once I can do my job.',
        measures: 'Reverse-scored: agreement signals that learning stops once the job can be done.',
        reverse: true,
      },
      {
        text: 'I enjoy problems I do not yet know how to solve.',
        measures: 'Measures enjoyment of unfamiliar problems that require learning something new to solve.',
      },
    ],
  ),
  group(
    'wellbeing',
    'Wellbeing',
    'How you balance effort and recovery',
    'SUPPLEMENTARY',
    'agree',
    'Part of the wellbeing dimension: how a person and a team balance effort with rest.',
    [
      {
        text: 'I keep clear boundaries between work and private time.',
        measures: 'Measures how firmly a person separates working time from private time.',
      },
      {
        text: 'I take regular breaks during the working day.',
        measures: 'Measures the habit of pausing during the day to recover energy and concentration.',
      },
      {
        text: 'I talk openly about stress and workload.',
        measures: 'Measures openness about pressure and workload instead of keeping strain to oneself.',
      },
      {
        text: 'I often keep working long after the normal working day has ended.',
        measures: 'Reverse-scored: agreement signals long hours that eat into time for rest and recovery.',
        reverse: true,
      },
      {
        text: 'It is fine for me to ignore work messages outside working hours.',
        measures: 'Measures comfort with switching off from work communication after hours.',
      },
    ],
  ),
];
