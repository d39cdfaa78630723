/**
 * Downloadable study materials (资料). The file type comes from the title's extension; files are served
 * later by the storage module at /static/resources/<project>-<nn>.<ext>.
 */
import type { ResourceDef } from './types';

type Row = [title: string, subject: string | null, sizeKb: number, free: boolean, downloads: number];

const byProject: Record<string, Row[]> = {
  yjjz: [
    ['2027一建经济公式汇总.pdf', 'yjjz-jj', 1860, true, 18423],
    ['2027一建经济计算题50道精选（含解析）.pdf', 'yjjz-jj', 2410, false, 6320],
    ['一建经济复利系数表.xlsx', 'yjjz-jj', 86, true, 9754],
    ['2027一建项目管理网络计划专项讲义.pdf', 'yjjz-gl', 3520, false, 5127],
    ['一建项目管理高频考点思维导图.pdf', 'yjjz-gl', 4780, true, 12068],
    ['2027一建法规重点法条汇编.docx', 'yjjz-fg', 642, true, 10335],
    ['一建法规易混考点对比表.pdf', 'yjjz-fg', 1290, false, 4416],
    ['一建实务案例题答题模板.docx', 'yjjz-sw', 538, false, 7892],
    ['一建实务施工技术数据速记表.pdf', 'yjjz-sw', 2064, true, 14210],
    ['2025年一建四科真题（考生回忆版）汇编.pdf', null, 8930, true, 23507],
    ['2027一级建造师考试大纲（四科）.pdf', null, 3312, true, 16744],
    ['一建全科备考计划表.xlsx', null, 48, true, 11203],
  ],
  ejjz: [
    ['2027二建施工管理核心考点.pdf', 'ejjz-gl', 2245, true, 9801],
    ['二建施工管理计算题汇总.pdf', 'ejjz-gl', 1376, false, 3567],
    ['2027二建法规高频法条.docx', 'ejjz-fg', 512, true, 7420],
    ['二建法规时间数字考点归纳.pdf', 'ejjz-fg', 968, true, 8036],
    ['二建建筑实务案例答题模板.docx', 'ejjz-sw', 604, false, 4128],
    ['二建建筑实务高频数字速记.pdf', 'ejjz-sw', 1542, true, 7765],
    ['2025年二建真题（考生回忆版）.pdf', null, 6720, true, 15230],
    ['2027二级建造师考试大纲.pdf', null, 2890, true, 9012],
    ['二建三科思维导图合集.pdf', null, 9840, false, 5234],
    ['二建备考90天计划表.xlsx', null, 44, true, 6318],
    ['二建报考条件与流程说明.pdf', null, 736, true, 12406],
    ['二建施工管理章节练习题.docx', 'ejjz-gl', 1128, false, 2974],
  ],
  yjxf: [
    ['消防技术实务规范数据汇总.pdf', 'yjxf-jssw', 2734, true, 11542],
    ['建筑设计防火规范重点条文图解.pdf', 'yjxf-jssw', 12480, false, 6083],
    ['火灾危险性分类速记表.xlsx', 'yjxf-jssw', 72, true, 8320],
    ['消防设施检测维护要点.pdf', 'yjxf-zhnl', 3865, false, 4217],
    ['消防法规与职业道德考点.docx', 'yjxf-zhnl', 486, true, 5990],
    ['案例分析答题规范与找错清单.pdf', 'yjxf-alfx', 1732, false, 3845],
    ['一消案例分析历年真题精讲.pdf', 'yjxf-alfx', 5318, false, 3102],
    ['2024年一消三科真题（考生回忆版）.pdf', null, 7264, true, 13708],
    ['2027一级消防工程师考试大纲.pdf', null, 2480, true, 7624],
    ['消防设施系统原理图集.pdf', 'yjxf-jssw', 15360, true, 9915],
    ['一消三科备考计划表.xlsx', null, 52, true, 5177],
    ['消防常用术语中英对照.docx', null, 318, true, 2043],
  ],
  jszg: [
    ['综合素质高频考点背诵版.pdf', 'jszg-zhsz', 1980, true, 25604],
    ['综合素质作文素材100例.docx', 'jszg-zhsz', 736, false, 12830],
    ['教育法律法规条文汇编.pdf', 'jszg-zhsz', 2460, true, 15127],
    ['教育知识与能力心理学家及理论对照表.xlsx', 'jszg-jyzs', 64, true, 17320],
    ['教育知识与能力简答题答题模板.docx', 'jszg-jyzs', 458, false, 9406],
    ['教育学心理学思维导图.pdf', 'jszg-jyzs', 6230, true, 20185],
    ['2025年下半年教资笔试真题（考生回忆版）.pdf', null, 5120, true, 28763],
    ['中学教师资格考试大纲.pdf', null, 1894, true, 14036],
    ['教资面试结构化题库200题.pdf', null, 3420, false, 11279],
    ['教资面试试讲教案模板.docx', null, 284, true, 16832],
    ['学科知识与教学能力（语文）备考要点.pdf', 'jszg-xkzs', 2210, false, 4518],
    ['教资笔试45天学习计划表.xlsx', null, 40, true, 13390],
  ],
  cjkj: [
    ['初级会计实务会计分录大全.pdf', 'cjkj-sw', 2890, false, 14276],
    ['初级会计实务计算公式汇总.pdf', 'cjkj-sw', 1254, true, 19820],
    ['会计科目表（2027版）.xlsx', 'cjkj-sw', 96, true, 22513],
    ['初级会计实务易错题解析.docx', 'cjkj-sw', 862, false, 6140],
    ['经济法基础税率表汇总.xlsx', 'cjkj-jjf', 78, true, 17603],
    ['经济法基础时间数字考点归纳.pdf', 'cjkj-jjf', 1046, true, 12958],
    ['经济法基础票据专项讲义.pdf', 'cjkj-jjf', 2318, false, 5327],
    ['2025年初级会计真题（考生回忆版）.pdf', null, 6480, true, 30417],
    ['2027初级会计职称考试大纲.pdf', null, 2176, true, 15832],
    ['初级会计机考操作指南.pdf', null, 3350, true, 10284],
    ['初级会计60天备考计划表.xlsx', null, 46, true, 9915],
    ['财务报表编制实例.docx', 'cjkj-sw', 714, false, 3826],
  ],
  zyys: [
    ['药学专业知识一高频考点.pdf', 'zyys-zy1', 3124, true, 8214],
    ['药物化学结构速记图表.pdf', 'zyys-zy1', 5630, false, 3510],
    ['药物剂型与制剂要点.docx', 'zyys-zy1', 692, true, 4127],
    ['药事管理与法规重点法条.pdf', 'zyys-fg', 1876, true, 7362],
    ['药品分类管理对比表.xlsx', 'zyys-fg', 58, true, 5418],
    ['药事法规时间数字考点.docx', 'zyys-fg', 412, false, 2876],
    ['2025年执业药师真题（考生回忆版）.pdf', null, 7810, true, 11523],
    ['2027执业药师考试大纲.pdf', null, 2560, true, 6092],
    ['执业药师四科思维导图.pdf', null, 11240, false, 3648],
    ['常用药物相互作用速查表.xlsx', 'zyys-zy1', 124, true, 4935],
    ['执业药师备考计划表.xlsx', null, 42, true, 3982],
    ['药品说明书阅读要点.docx', 'zyys-fg', 356, true, 2217],
  ],
};

export const resourceDefs: ResourceDef[] = Object.entries(byProject).flatMap(([project, rows]) =>
  rows.map(([title, subject, sizeKb, free, downloads]) => ({ title, project, ...(subject ? { subject } : {}), sizeKb, free, downloads })),
);

/** Extension of a title, e.g. 'pdf'. */
export const fileTypeOf = (title: string): string => title.slice(title.lastIndexOf('.') + 1).toLowerCase();
