/** The class tree the question-bank home tests answer with: one project (一级建造师, id 2) and its two subjects (3, 4). */
import type { ClassNode } from '../../src/domain/catalog/contract';

export const QB_CLASS_TREE: ClassNode[] = [
  {
    id: 1,
    pId: 0,
    name: '建筑工程',
    code: 'jzgc',
    level: 1,
    children: [
      {
        id: 2,
        pId: 1,
        name: '一级建造师',
        code: 'yjjz',
        level: 2,
        children: [
          { id: 3, pId: 2, name: '建设工程项目管理', code: 'yjjz-gl', level: 3 },
          { id: 4, pId: 2, name: '建设工程经济', code: 'yjjz-jj', level: 3 },
        ],
      },
    ],
  },
];
