/** The class tree: 大类 (level 1) → 考试项目 (level 2) → 科目 (level 3). Codes are unique ascii. */
import type { ClassDef } from './types';

export const classTree: ClassDef[] = [
  {
    code: 'jzgc',
    name: '建筑工程',
    children: [
      {
        code: 'yjjz',
        name: '一级建造师',
        children: [
          { code: 'yjjz-jj', name: '建设工程经济' },
          { code: 'yjjz-gl', name: '建设工程项目管理' },
          { code: 'yjjz-fg', name: '建设工程法规及相关知识' },
          { code: 'yjjz-sw', name: '建筑工程管理与实务' },
        ],
      },
      {
        code: 'ejjz',
        name: '二级建造师',
        children: [
          { code: 'ejjz-gl', name: '建设工程施工管理' },
          { code: 'ejjz-fg', name: '建设工程法规及相关知识' },
          { code: 'ejjz-sw', name: '建筑工程管理与实务' },
        ],
      },
    ],
  },
  {
    code: 'xfaq',
    name: '消防安全',
    children: [
      {
        code: 'yjxf',
        name: '一级消防工程师',
        children: [
          { code: 'yjxf-jssw', name: '消防安全技术实务' },
          { code: 'yjxf-zhnl', name: '消防安全技术综合能力' },
          { code: 'yjxf-alfx', name: '消防安全案例分析' },
        ],
      },
    ],
  },
  {
    code: 'jsks',
    name: '教师考试',
    children: [
      {
        code: 'jszg',
        name: '教师资格证',
        children: [
          { code: 'jszg-zhsz', name: '综合素质' },
          { code: 'jszg-jyzs', name: '教育知识与能力' },
          { code: 'jszg-xkzs', name: '学科知识与教学能力' },
        ],
      },
    ],
  },
  {
    code: 'ckjr',
    name: '财会金融',
    children: [
      {
        code: 'cjkj',
        name: '初级会计职称',
        children: [
          { code: 'cjkj-sw', name: '初级会计实务' },
          { code: 'cjkj-jjf', name: '经济法基础' },
        ],
      },
    ],
  },
  {
    code: 'yyws',
    name: '医药卫生',
    children: [
      {
        code: 'zyys',
        name: '执业药师',
        children: [
          { code: 'zyys-zy1', name: '药学专业知识（一）' },
          { code: 'zyys-fg', name: '药事管理与法规' },
        ],
      },
    ],
  },
];
